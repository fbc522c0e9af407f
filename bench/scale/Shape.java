// The class scale_bench defines again and again in throwaway loaders: 60 members (30 fields,
// 29 methods and the constructor).
public class Shape {
    int f0;
    int f1;
    int f2;
    int f3;
    int f4;
    int f5;
    int f6;
    int f7;
    int f8;
    int f9;
    int f10;
    int f11;
    int f12;
    int f13;
    int f14;
    int f15;
    int f16;
    int f17;
    int f18;
    int f19;
    int f20;
    int f21;
    int f22;
    int f23;
    int f24;
    int f25;
    int f26;
    int f27;
    int f28;
    int f29;
    int m0() { return f0 + 0; }
    int m1() { return f1 + 1; }
    int m2() { return f2 + 2; }
    int m3() { return f3 + 3; }
    int m4() { return f4 + 4; }
    int m5() { return f5 + 5; }
    int m6() { return f6 + 6; }
    int m7() { return f7 + 7; }
    int m8() { return f8 + 8; }
    int m9() { return f9 + 9; }
    int m10() { return f10 + 10; }
    int m11() { return f11 + 11; }
    int m12() { return f12 + 12; }
    int m13() { return f13 + 13; }
    int m14() { return f14 + 14; }
    int m15() { return f15 + 15; }
    int m16() { return f16 + 16; }
    int m17() { return f17 + 17; }
    int m18() { return f18 + 18; }
    int m19() { return f19 + 19; }
    int m20() { return f20 + 20; }
    int m21() { return f21 + 21; }
    int m22() { return f22 + 22; }
    int m23() { return f23 + 23; }
    int m24() { return f24 + 24; }
    int m25() { return f25 + 25; }
    int m26() { return f26 + 26; }
    int m27() { return f27 + 27; }
    int m28() { return f28 + 28; }
}
