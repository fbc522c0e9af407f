#include "hostile.hpp"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <stdexcept>

namespace hostile {

namespace {
constexpr uid_t kNobody = 65534;
}

bool canActAsOtherUser() { return ::geteuid() == 0; }

void giveToOtherUser(const fs::path& path) {
    if (::lchown(path.c_str(), kNobody, kNobody) != 0) throw std::runtime_error("cannot chown " + path.string());
}

Listener::Listener() {
    fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t length = sizeof address;
    if (fd_ < 0 || ::bind(fd_, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 || ::listen(fd_, 16) != 0 ||
        ::getsockname(fd_, reinterpret_cast<sockaddr*>(&address), &length) != 0)
        throw std::runtime_error("cannot listen on 127.0.0.1");
    port_ = ntohs(address.sin_port);
    thread_ = std::thread([this] {
        while (!stop_.load()) {
            pollfd p{fd_, POLLIN, 0};
            if (::poll(&p, 1, 100) <= 0) continue;
            const int client = ::accept4(fd_, nullptr, nullptr, SOCK_CLOEXEC);
            if (client < 0) continue;
            ++connections_;
            char buffer[4096];
            pollfd c{client, POLLIN, 0};
            std::string request;
            if (::poll(&c, 1, 2000) > 0) {
                const ssize_t n = ::read(client, buffer, sizeof buffer);
                if (n > 0) request.assign(buffer, static_cast<std::size_t>(n));
            }
            if (!firstReady_.load()) {
                first_ = request;
                firstReady_.store(true);
            }
            // No answer a client could use: the request is what the test looks for.
            const char reply[] = "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";
            (void)!::write(client, reply, sizeof reply - 1);
            ::close(client);
        }
    });
}

Listener::~Listener() {
    stop_.store(true);
    if (thread_.joinable()) thread_.join();
    if (fd_ >= 0) ::close(fd_);
}

std::string Listener::firstRequest() const { return firstReady_.load() ? first_ : std::string(); }

}  // namespace hostile
