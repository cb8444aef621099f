// The server's players: names, salted slow password hashes (libsodium crypto_pwhash_str) and
// Elo ratings, kept in one file in the data directory and rewritten whole (temporary file,
// then rename) after every change, so a restart loses no account and no rating.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace referee::server {

inline constexpr double starting_rating = 1000.0;

struct Account {
    std::string name;
    std::string password_hash;  // crypto_pwhash_str output, never the password
    double rating = starting_rating;
};

class Accounts {
  public:
    // Reads `dir`/accounts when it exists; throws std::runtime_error naming the file and line.
    explicit Accounts(std::filesystem::path dir);

    const Account* find(std::string_view name) const;
    // In registration order: the order the server lists equal ratings in.
    const std::vector<Account>& all() const { return accounts_; }

    void add(Account account);  // the name must be new
    void set_hash(std::string_view name, std::string hash);
    void set_rating(std::string_view name, double rating);

  private:
    Account* find_mutable(std::string_view name);
    void save() const;

    std::filesystem::path file_;
    std::vector<Account> accounts_;
};

// The server's rule for names: letters, digits, '_', '-', '.', at most 32 characters.
bool valid_player_name(std::string_view name);

// crypto_pwhash_str with the interactive limits: slow on purpose, run off the event loop.
std::string hash_password(std::string_view password);
bool password_matches(std::string_view hash, std::string_view password);

}  // namespace referee::server
