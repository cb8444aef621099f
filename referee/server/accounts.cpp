#include "referee/server/accounts.hpp"

#include <cctype>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include <fmt/format.h>
#include <sodium.h>

namespace referee::server {

namespace fs = std::filesystem;

Accounts::Accounts(fs::path dir) : file_(dir / "accounts") {
    if (sodium_init() < 0) throw std::runtime_error("libsodium could not be initialised");
    std::ifstream in(file_);
    if (!in) return;
    std::string line;
    for (int number = 1; std::getline(in, line); ++number) {
        if (line.empty()) continue;
        std::istringstream words(line);
        Account a;
        if (!(words >> a.name >> a.rating >> a.password_hash) || !valid_player_name(a.name))
            throw std::runtime_error(
                fmt::format("{}:{}: expected '<name> <rating> <password hash>', got '{}'",
                            file_.string(), number, line));
        if (find(a.name))
            throw std::runtime_error(
                fmt::format("{}:{}: '{}' is listed twice", file_.string(), number, a.name));
        accounts_.push_back(std::move(a));
    }
}

const Account* Accounts::find(std::string_view name) const {
    for (const auto& a : accounts_)
        if (a.name == name) return &a;
    return nullptr;
}

Account* Accounts::find_mutable(std::string_view name) {
    return const_cast<Account*>(find(name));
}

void Accounts::add(Account account) {
    accounts_.push_back(std::move(account));
    save();
}

void Accounts::set_hash(std::string_view name, std::string hash) {
    if (auto* a = find_mutable(name)) a->password_hash = std::move(hash), save();
}

void Accounts::set_rating(std::string_view name, double rating) {
    if (auto* a = find_mutable(name)) a->rating = rating, save();
}

void Accounts::save() const {
    const fs::path tmp = file_.string() + ".tmp";
    {
        std::ofstream out(tmp, std::ios::trunc);
        for (const auto& a : accounts_)
            out << fmt::format("{} {:.6f} {}\n", a.name, a.rating, a.password_hash);
        out.flush();
        if (!out) throw std::runtime_error(fmt::format("cannot write {}", tmp.string()));
    }
    fs::rename(tmp, file_);
}

bool valid_player_name(std::string_view name) {
    if (name.empty() || name.size() > 32) return false;
    for (char c : name)
        if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_' && c != '-' && c != '.')
            return false;
    return true;
}

std::string hash_password(std::string_view password) {
    char out[crypto_pwhash_STRBYTES];
    if (crypto_pwhash_str(out, password.data(), password.size(), crypto_pwhash_OPSLIMIT_INTERACTIVE,
                          crypto_pwhash_MEMLIMIT_INTERACTIVE) != 0)
        throw std::runtime_error("out of memory while hashing a password");
    return out;
}

bool password_matches(std::string_view hash, std::string_view password) {
    const std::string h(hash);
    return crypto_pwhash_str_verify(h.c_str(), password.data(), password.size()) == 0;
}

}  // namespace referee::server
