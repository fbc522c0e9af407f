#include "trace/writer.hpp"

#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <mutex>
#include <new>
#include <thread>
#include <vector>

#include "files/own_files.hpp"
#include "trace/encoding.hpp"
#include "trace/format.hpp"
#include "trace/per_thread.hpp"

namespace jvmtilayer::trace {

const char* kindName(Record::Kind kind) noexcept {
    switch (kind) {
        case Record::Kind::Call: return "call";
        case Record::Kind::Event: return "event";
        case Record::Kind::Callback: return "callback";
    }
    return "unknown";
}

std::uint64_t nowNs() noexcept {
    timespec ts{};
    ::clock_gettime(CLOCK_MONOTONIC, &ts);
    return std::uint64_t(ts.tv_sec) * 1000000000u + std::uint64_t(ts.tv_nsec);
}

std::uint32_t currentThread() noexcept {
    static thread_local const std::uint32_t id = static_cast<std::uint32_t>(::syscall(SYS_gettid));
    return id;
}

std::optional<Format> parseFormat(std::string_view name) noexcept {
    if (name == "text") return Format::Text;
    if (name == "jsonl") return Format::Jsonl;
    if (name == "chrome") return Format::Chrome;
    return std::nullopt;
}

const char* formatName(Format format) noexcept {
    switch (format) {
        case Format::Text: return "text";
        case Format::Jsonl: return "jsonl";
        case Format::Chrome: return "chrome";
    }
    return "unknown";
}

namespace {

using detail::align8;
using detail::EncodedField;
using detail::EncodedRecord;

constexpr std::size_t kFirstChunk = 1024;
constexpr std::size_t kPoolKeepBytes = std::size_t{4} << 20;
constexpr std::size_t kWriteBytes = std::size_t{256} << 10;  // the writer's output buffer
constexpr std::uint64_t kBusyRecords = 512;  // a pass that read as many goes on at once

// A piece of one thread's queue. The producer appends records and publishes them by storing
// `committed`; once it moves on to a new chunk it stores `next` (after its last `committed`).
struct Chunk {
    std::atomic<std::uint32_t> committed{0};
    std::atomic<Chunk*> next{nullptr};
    std::size_t capacity;
    bool pooled;  // a standard size: goes back to the pool when done

    char* data() noexcept { return reinterpret_cast<char*>(this + 1); }
};
static_assert(sizeof(Chunk) % 8 == 0);

Chunk* newChunk(std::size_t capacity, bool pooled) noexcept {
    void* memory = std::malloc(sizeof(Chunk) + capacity);
    if (memory == nullptr) return nullptr;
    Chunk* c = new (memory) Chunk;
    c->capacity = capacity;
    c->pooled = pooled;
    return c;
}

void deleteChunk(Chunk* c) noexcept {
    c->~Chunk();
    std::free(c);
}

// One thread's queue. The producer's fields and the writer's are on separate cache lines.
struct QueueSlot final : detail::SlotBase {
    explicit QueueSlot(std::size_t firstCapacity) : nextCapacity(firstCapacity) {}

    // Producer (the owning thread).
    Chunk* tail = nullptr;
    std::uint32_t writeOff = 0;
    std::size_t nextCapacity;
    std::atomic<std::uint64_t> dropped{0};  // only the owning thread writes it
    std::atomic<Chunk*> first{nullptr};

    // Writer thread.
    alignas(64) Chunk* readChunk = nullptr;
    std::uint32_t readOff = 0;
    Chunk* releaseHead = nullptr;  // the oldest chunk not yet given back
    // Records waiting for the record that encloses them, as a stack of finished subtrees laid
    // out one after another in `items`, each in the order it will be written (a record, then
    // what it encloses). A subtree starts at roots[i].offset.
    struct Root {
        std::size_t offset;
        int depth;
        std::uint64_t startNs;
    };
    std::vector<const EncodedRecord*> items;
    std::vector<Root> roots;
    Chunk* pinChunk = nullptr;  // holds items[...]: chunks from here on stay
    std::uint64_t heldSinceNs = 0;
    bool finished = false;  // retired, drained and given back
};

void writeAll(int fd, const char* data, std::size_t size, bool& failed) noexcept {
    while (size > 0 && !failed) {
        const ssize_t n = ::write(fd, data, size);
        if (n < 0) {
            if (errno == EINTR) continue;
            failed = true;
        } else {
            data += n;
            size -= std::size_t(n);
        }
    }
}

}  // namespace

struct Tracer::Impl {
    // Configuration, fixed by open().
    Format format = Format::Text;
    Options options;
    std::size_t chunkBytes = 0;
    std::size_t firstChunk = 0;
    int fd = -1;
    bool ownsFd = false;

    std::atomic<bool> accepting{false};
    std::atomic<std::uint64_t> late{0};

    detail::SlotRegistry registry;

    // Memory: bytes of chunks in queues, against options.bufferBytes; free chunks by size.
    std::atomic<std::size_t> used{0};
    std::mutex poolMutex;
    std::vector<std::pair<std::size_t, std::vector<Chunk*>>> pool;
    std::size_t pooledBytes = 0;

    // Writer thread.
    std::thread writer;
    std::mutex wakeMutex;
    std::condition_variable wakeCv;
    bool wakeRequested = false;  // under wakeMutex
    bool stopRequested = false;  // under wakeMutex
    std::atomic<bool> stopping{false};
    std::atomic<bool> idle{false};
    detail::Buffer out;
    std::unique_ptr<detail::Formatter> formatter;
    std::atomic<std::uint64_t> written{0};
    std::atomic<std::uint64_t> retiredDropped{0};
    std::atomic<bool> writeFailed{false};
    bool failed = false;  // writer thread's copy

    std::mutex closeMutex;
    bool started = false;
    bool closed = false;

    ~Impl();

    QueueSlot* queue() noexcept {
        return static_cast<QueueSlot*>(registry.local(
            [](void* self) -> std::shared_ptr<detail::SlotBase> {
                return std::make_shared<QueueSlot>(static_cast<Impl*>(self)->firstChunk);
            },
            this));
    }

    Chunk* allocate(std::size_t capacity, bool pooled) noexcept;
    void release(Chunk* c) noexcept;
    char* reserve(QueueSlot& q, std::size_t need) noexcept;
    bool enqueue(std::uint8_t kind, const char* name, std::uint32_t thread, int depth, std::uint64_t startNs,
                 std::uint64_t durationNs, int error, const Field* in, std::size_t nIn, const Field* out,
                 std::size_t nOut) noexcept;
    void wake() noexcept;

    void run() noexcept;
    std::uint64_t drain(QueueSlot& q, std::uint64_t now);  // records read
    void process(QueueSlot& q, const EncodedRecord& r, Chunk* chunk);
    void emit(const EncodedRecord& r);
    void flushPending(QueueSlot& q);
    void releaseConsumed(QueueSlot& q, bool all) noexcept;
    void writeOut() noexcept;
    std::uint64_t droppedTotal() const;
};

Tracer::Impl::~Impl() {
    // Every chunk still in a queue, then the pool. Slots may outlive us (their threads hold
    // them); they never touch chunks again.
    for (const auto& s : registry.slots()) {
        auto& q = static_cast<QueueSlot&>(*s);
        Chunk* c = q.releaseHead != nullptr ? q.releaseHead : q.first.load(std::memory_order_acquire);
        while (c != nullptr) {
            Chunk* next = c->next.load(std::memory_order_acquire);
            deleteChunk(c);
            c = next;
        }
        q.tail = nullptr;
        q.first.store(nullptr, std::memory_order_relaxed);
        q.readChunk = q.releaseHead = q.pinChunk = nullptr;
        q.items.clear();
        q.roots.clear();
    }
    for (auto& [capacity, chunks] : pool)
        for (Chunk* c : chunks) deleteChunk(c);
    if (ownsFd && fd >= 0) ::close(fd);
}

Chunk* Tracer::Impl::allocate(std::size_t capacity, bool pooled) noexcept {
    std::size_t current = used.load(std::memory_order_relaxed);
    do {
        if (current + capacity > options.bufferBytes) return nullptr;
    } while (!used.compare_exchange_weak(current, current + capacity, std::memory_order_relaxed));
    if (pooled) {
        std::lock_guard lock(poolMutex);
        for (auto& [size, chunks] : pool) {
            if (size == capacity && !chunks.empty()) {
                Chunk* c = chunks.back();
                chunks.pop_back();
                pooledBytes -= capacity;
                c->committed.store(0, std::memory_order_relaxed);
                c->next.store(nullptr, std::memory_order_relaxed);
                return c;
            }
        }
    }
    Chunk* c = newChunk(capacity, pooled);
    if (c == nullptr) used.fetch_sub(capacity, std::memory_order_relaxed);
    return c;
}

void Tracer::Impl::release(Chunk* c) noexcept {
    const std::size_t capacity = c->capacity;
    bool kept = false;
    if (c->pooled) {
        try {
            std::lock_guard lock(poolMutex);
            if (pooledBytes + capacity <= kPoolKeepBytes) {
                auto it = std::find_if(pool.begin(), pool.end(), [&](const auto& p) { return p.first == capacity; });
                if (it == pool.end()) it = pool.insert(pool.end(), {capacity, {}});
                it->second.push_back(c);
                pooledBytes += capacity;
                kept = true;
            }
        } catch (...) {
        }
    }
    if (!kept) deleteChunk(c);
    used.fetch_sub(capacity, std::memory_order_relaxed);
}

void Tracer::Impl::wake() noexcept {
    {
        std::lock_guard lock(wakeMutex);
        wakeRequested = true;
    }
    wakeCv.notify_one();
}

char* Tracer::Impl::reserve(QueueSlot& q, std::size_t need) noexcept {
    if (q.tail != nullptr && q.writeOff + need <= q.tail->capacity) return q.tail->data() + q.writeOff;
    std::size_t capacity = q.nextCapacity;
    while (capacity < need && capacity < chunkBytes) capacity = std::min(capacity * 2, chunkBytes);
    const bool pooled = need <= capacity;
    if (!pooled) capacity = need;  // larger than any chunk: one of its own
    Chunk* c = allocate(capacity, pooled);
    // Near the cap a smaller chunk may still fit where the next size up does not.
    while (c == nullptr && pooled && capacity / 2 >= std::max(need, firstChunk)) {
        capacity /= 2;
        c = allocate(capacity, true);
    }
    if (c == nullptr) return nullptr;
    if (pooled) q.nextCapacity = std::min(capacity * 2, chunkBytes);
    if (q.tail != nullptr)
        q.tail->next.store(c, std::memory_order_release);
    else
        q.first.store(c, std::memory_order_release);
    q.tail = c;
    q.writeOff = 0;
    if (idle.load(std::memory_order_relaxed)) wake();
    return c->data();
}

bool Tracer::Impl::enqueue(std::uint8_t kind, const char* name, std::uint32_t thread, int depth,
                           std::uint64_t startNs, std::uint64_t durationNs, int error, const Field* in,
                           std::size_t nIn, const Field* outs, std::size_t nOut) noexcept {
    if (!accepting.load(std::memory_order_acquire)) {
        late.fetch_add(1, std::memory_order_relaxed);
        return false;
    }
    QueueSlot* q = queue();
    if (q == nullptr) {
        late.fetch_add(1, std::memory_order_relaxed);
        return false;
    }
    std::size_t need = sizeof(EncodedRecord);
    for (std::size_t i = 0; i < nIn; ++i) need += sizeof(EncodedField) + align8(in[i].value.size());
    for (std::size_t i = 0; i < nOut; ++i) need += sizeof(EncodedField) + align8(outs[i].value.size());
    char* p = nullptr;
    if (need <= std::numeric_limits<std::uint32_t>::max() && nIn <= 0xffff && nOut <= 0xffff) p = reserve(*q, need);
    if (p == nullptr) {
        q->dropped.store(q->dropped.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
        if (idle.load(std::memory_order_relaxed)) wake();
        return false;
    }
    auto* r = new (p) EncodedRecord;
    r->size = std::uint32_t(need);
    r->kind = kind;
    r->inputs = std::uint16_t(nIn);
    r->outputs = std::uint16_t(nOut);
    r->thread = thread != 0 ? thread : currentThread();
    r->name = name != nullptr ? name : "";
    r->depth = depth;
    r->error = error;
    r->startNs = startNs;
    r->durationNs = durationNs;
    char* at = p + sizeof(EncodedRecord);
    auto put = [&](const Field& f) {
        auto* ef = new (at) EncodedField;
        ef->name = f.name != nullptr ? f.name : "";
        ef->length = std::uint32_t(f.value.size());
        ef->address = f.address ? 1 : 0;
        at += sizeof(EncodedField);
        std::memcpy(at, f.value.data(), f.value.size());
        at += align8(f.value.size());
    };
    for (std::size_t i = 0; i < nIn; ++i) put(in[i]);
    for (std::size_t i = 0; i < nOut; ++i) put(outs[i]);
    q->writeOff += std::uint32_t(need);
    q->tail->committed.store(q->writeOff, std::memory_order_release);
    // The next records' cache lines were last touched by the writer thread (chunks are reused):
    // ask for them now rather than stall on them then.
    if (q->writeOff + 256 <= q->tail->capacity) __builtin_prefetch(q->tail->data() + q->writeOff + 192, 1);
    return true;
}

// ---- the writer thread ----

void Tracer::Impl::writeOut() noexcept {
    if (!out.empty()) {
        if (!failed) {
            writeAll(fd, out.data(), out.size(), failed);
            if (failed) writeFailed.store(true, std::memory_order_relaxed);
        }
        out.clear();
    }
}

void Tracer::Impl::emit(const EncodedRecord& r) {
    formatter->record(r, out);
    written.store(written.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
}

void Tracer::Impl::flushPending(QueueSlot& q) {
    for (const EncodedRecord* r : q.items) emit(*r);
    q.items.clear();
    q.roots.clear();
    q.pinChunk = nullptr;
}

void Tracer::Impl::process(QueueSlot& q, const EncodedRecord& r, Chunk* chunk) {
    if (r.kind == detail::kThreadNameKind) {
        detail::FieldCursor cursor(r);
        cursor.next();
        formatter->threadName(r.thread, cursor.value(), out);
        return;
    }
    const int depth = std::max(r.depth, 0);
    if (depth == 0 && q.items.empty()) {
        emit(r);
        return;
    }
    if (q.items.empty()) {
        q.pinChunk = chunk;
        q.heldSinceNs = nowNs();
    }
    // A record arrives after everything it encloses: it adopts the subtrees on top of the stack
    // that are deeper and began no earlier than it did. A deeper one that began earlier lost
    // its own enclosing record (dropped): it stays before this one.
    std::size_t k = q.roots.size();
    while (k > 0 && q.roots[k - 1].depth > depth && q.roots[k - 1].startNs >= r.startNs) --k;
    const std::size_t offset = k == q.roots.size() ? q.items.size() : q.roots[k].offset;
    q.items.insert(q.items.begin() + std::ptrdiff_t(offset), &r);
    q.roots.resize(k);
    q.roots.push_back({offset, depth, r.startNs});
    if (depth == 0 || q.items.size() >= options.holdRecords) flushPending(q);
}

void Tracer::Impl::releaseConsumed(QueueSlot& q, bool all) noexcept {
    while (q.releaseHead != nullptr && q.releaseHead != q.pinChunk && (all || q.releaseHead != q.readChunk)) {
        Chunk* next = q.releaseHead->next.load(std::memory_order_acquire);
        if (q.releaseHead == q.readChunk) q.readChunk = nullptr;
        release(q.releaseHead);
        q.releaseHead = next;
    }
}

std::uint64_t Tracer::Impl::drain(QueueSlot& q, std::uint64_t now) {
    std::uint64_t count = 0;
    if (q.finished) return 0;
    if (q.readChunk == nullptr) {
        q.readChunk = q.first.load(std::memory_order_acquire);
        if (q.readChunk == nullptr) return 0;
        q.releaseHead = q.readChunk;
        q.readOff = 0;
    }
    for (;;) {
        Chunk* c = q.readChunk;
        // `next` first: once it is set, `committed` is final.
        Chunk* next = c->next.load(std::memory_order_acquire);
        const std::uint32_t end = c->committed.load(std::memory_order_acquire);
        while (q.readOff < end) {
            const auto* r = reinterpret_cast<const EncodedRecord*>(c->data() + q.readOff);
            q.readOff += r->size;
            process(q, *r, c);
            ++count;
            if (out.size() >= kWriteBytes) writeOut();
        }
        if (next == nullptr) break;
        q.readChunk = next;
        q.readOff = 0;
    }
    if (!q.items.empty() && now > q.heldSinceNs && now - q.heldSinceNs >= std::uint64_t(options.holdMs) * 1000000u)
        flushPending(q);
    releaseConsumed(q, false);
    return count;
}

std::uint64_t Tracer::Impl::droppedTotal() const {
    std::uint64_t total = retiredDropped.load(std::memory_order_relaxed);
    for (const auto& s : registry.slots())
        total += static_cast<const QueueSlot&>(*s).dropped.load(std::memory_order_relaxed);
    return total;
}

void Tracer::Impl::run() noexcept {
    sigset_t all;
    sigfillset(&all);
    pthread_sigmask(SIG_BLOCK, &all, nullptr);  // the VM's signals are for its own threads
    pthread_setname_np(pthread_self(), "jvmtilayer-tr");
    try {
        std::vector<std::shared_ptr<detail::SlotBase>> slots;
        std::uint64_t seenVersion = ~std::uint64_t{0};
        formatter->begin(out);
        std::uint64_t lastWriteNs = nowNs();
        for (;;) {
            const bool last = stopping.load(std::memory_order_acquire);
            if (registry.version() != seenVersion) {
                seenVersion = registry.version();
                slots = registry.slots();
            }
            const std::uint64_t now = nowNs();
            std::uint64_t records = 0;
            for (const auto& s : slots) {
                auto& q = static_cast<QueueSlot&>(*s);
                const bool retired = q.retired();  // before draining: then nothing follows
                records += drain(q, now);
                if (retired) {
                    flushPending(q);
                    releaseConsumed(q, true);
                    q.finished = true;
                    retiredDropped.fetch_add(q.dropped.load(std::memory_order_relaxed), std::memory_order_relaxed);
                    q.dropped.store(0, std::memory_order_relaxed);
                    registry.erase(&q);
                }
            }
            if (last) {
                writeOut();
                break;
            }
            if (records >= kBusyRecords) continue;
            // Little came in: rather than poll the queues (each poll pulls the cache line a
            // producer is writing), sleep until a producer fills a chunk or a moment passes.
            // Write out what waits when nothing came in or it has waited flushMs.
            const std::uint64_t flushNs = std::uint64_t(options.flushMs) * 1000000u;
            if (records == 0 || now - lastWriteNs >= flushNs) {
                writeOut();
                lastWriteNs = now;
            }
            std::unique_lock lock(wakeMutex);
            idle.store(true, std::memory_order_relaxed);
            const auto pause = records == 0 ? std::chrono::milliseconds(options.flushMs) : std::chrono::milliseconds(1);
            wakeCv.wait_for(lock, pause, [&] { return wakeRequested || stopRequested; });
            wakeRequested = false;
            idle.store(false, std::memory_order_relaxed);
        }
        // Everything is in; what is still held waited for records that will never come.
        for (const auto& s : registry.slots()) flushPending(static_cast<QueueSlot&>(*s));
        if (const std::uint64_t dropped = droppedTotal(); dropped > 0) formatter->dropped(dropped, nowNs(), out);
        formatter->end(out);
        writeOut();
    } catch (...) {
        // Out of memory while formatting: what was formatted is written, the rest is lost.
        writeOut();
    }
    if (ownsFd && fd >= 0) {
        if (::close(fd) != 0) writeFailed.store(true, std::memory_order_relaxed);
        fd = -1;
    }
}

// ---- Tracer ----

Tracer::~Tracer() {
    close();
    delete impl_;
}

std::optional<std::string> Tracer::open(Format format, const std::string& target, const Options& options) {
    if (impl_ != nullptr) return "the tracer was opened already";
    auto impl = std::make_unique<Impl>();
    impl->format = format;
    impl->options = options;
    impl->options.holdRecords = std::max<std::size_t>(options.holdRecords, 1);
    impl->options.flushMs = std::max<std::uint32_t>(options.flushMs, 1);
    impl->chunkBytes = align8(std::max<std::size_t>(std::min(options.chunkBytes, options.bufferBytes), 64));
    impl->firstChunk = std::min(kFirstChunk, impl->chunkBytes);
    if (target == "stderr") {
        impl->fd = STDERR_FILENO;
    } else {
        const jvmtifiles::NewFile file = jvmtifiles::createFile(target, static_cast<mode_t>(options.fileMode));
        if (!file.ok()) return file.error;
        impl->fd = file.fd;
        impl->ownsFd = true;
    }
    const std::uint64_t origin = options.originNs != 0 ? options.originNs : nowNs();
    const std::uint32_t pid = options.pid != 0 ? options.pid : std::uint32_t(::getpid());
    impl->formatter = std::make_unique<detail::Formatter>(format, impl->options, origin, pid);
    impl->out.reserve(kWriteBytes * 2);
    Impl* self = impl.get();
    try {
        impl->writer = std::thread([self] { self->run(); });
    } catch (const std::exception& e) {
        return std::string("cannot start the trace writer thread: ") + e.what();
    }
    impl->started = true;
    impl->accepting.store(true, std::memory_order_release);
    impl_ = impl.release();
    return std::nullopt;
}

bool Tracer::isOpen() const noexcept { return impl_ != nullptr && impl_->accepting.load(std::memory_order_acquire); }

bool Tracer::submit(const Record& r) noexcept {
    if (impl_ == nullptr) return false;
    return impl_->enqueue(std::uint8_t(r.kind), r.name, r.thread, r.depth, r.startNs, r.durationNs, r.error,
                          r.inputs.data(), r.inputs.size(), r.outputs.data(), r.outputs.size());
}

bool Tracer::threadName(std::uint32_t thread, std::string_view name) noexcept {
    if (impl_ == nullptr) return false;
    try {
        const Field field{"name", std::string(name), false};
        return impl_->enqueue(detail::kThreadNameKind, "thread_name", thread, 0, 0, 0, 0, &field, 1, nullptr, 0);
    } catch (...) {
        return false;
    }
}

Tracer::Counters Tracer::counters() const noexcept {
    Counters c;
    if (impl_ == nullptr) return c;
    c.written = impl_->written.load(std::memory_order_relaxed);
    try {
        c.dropped = impl_->droppedTotal();
    } catch (...) {
        c.dropped = impl_->retiredDropped.load(std::memory_order_relaxed);
    }
    c.late = impl_->late.load(std::memory_order_relaxed);
    c.writeFailed = impl_->writeFailed.load(std::memory_order_relaxed);
    return c;
}

void Tracer::close() noexcept {
    Impl* s = impl_;
    if (s == nullptr) return;
    std::lock_guard lock(s->closeMutex);
    if (!s->started || s->closed) return;
    s->accepting.store(false, std::memory_order_release);
    {
        std::lock_guard wakeLock(s->wakeMutex);
        s->stopRequested = true;
        s->stopping.store(true, std::memory_order_release);
    }
    s->wakeCv.notify_one();
    if (s->writer.joinable()) s->writer.join();
    s->closed = true;
}

}  // namespace jvmtilayer::trace
