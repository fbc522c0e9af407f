// What the attack tests share: acting as another local user (when the tests run as root, files
// are handed to "nobody", as another user's would be), planting names in a directory, and a
// loopback listener that records every connection made to it.
#pragma once

#include <atomic>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

namespace hostile {

namespace fs = std::filesystem;

// Whether files can be handed to another user (only root can chown).
bool canActAsOtherUser();
// Makes `path` (not followed when it is a link) belong to the user nobody.
void giveToOtherUser(const fs::path& path);

// A TCP listener on 127.0.0.1 at a port of its own; counts the connections it accepts (and reads
// what each sends) until it is destroyed.
class Listener {
public:
    Listener();
    ~Listener();
    Listener(const Listener&) = delete;
    Listener& operator=(const Listener&) = delete;
    int port() const { return port_; }
    int connections() const { return connections_.load(); }
    std::string firstRequest() const;

private:
    int fd_ = -1;
    int port_ = 0;
    std::atomic<int> connections_{0};
    std::atomic<bool> stop_{false};
    std::string first_;
    mutable std::atomic<bool> firstReady_{false};
    std::thread thread_;
};

}  // namespace hostile
