#include "referee/engine/process/hosts_file.hpp"

#include <fstream>
#include <stdexcept>

namespace referee::engine {

void write_hosts(const std::string& path,
                 const std::vector<std::pair<std::string, std::string>>& names) {
    std::ofstream out(path);
    out << "# names the referee maps for this client\n";
    for (const auto& [name, address] : names) out << address << ' ' << name << '\n';
    std::ifstream machine("/etc/hosts");
    if (machine) out << "# this machine's /etc/hosts\n" << machine.rdbuf();
    out.close();
    if (!out) throw std::runtime_error("could not write " + path);
}

}  // namespace referee::engine
