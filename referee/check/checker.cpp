#include "referee/check/checker.hpp"

#include <algorithm>
#include <cctype>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace referee::check {

Checker::Checker(std::string fallback_variant) : fallback_(std::move(fallback_variant)) {}
Checker::~Checker() = default;

const rules::Rules* Checker::rules_for(const std::string& name, std::string& why) {
    if (auto it = loaded_.find(name); it != loaded_.end()) return it->second.get();
    if (auto it = load_errors_.find(name); it != load_errors_.end()) {
        why = it->second;
        return nullptr;
    }
    try {
        auto rules = std::make_unique<rules::Rules>(rules::Rules::load(name));
        return (loaded_[name] = std::move(rules)).get();
    } catch (const std::exception& first) {
        // Other tools write other names: "MiniChess", lichess's "King of the Hill" and
        // "Standard", pychess's Fairy-Stockfish names, a variant's own `names:`.
        const std::string shipped =
            name.find('/') == std::string::npos ? rules::shipped_variant_called(name) : "";
        if (!shipped.empty() && shipped != name) {
            std::string ignored;
            if (const rules::Rules* r = rules_for(shipped, ignored)) return r;
        }
        why = load_errors_[name] = first.what();
        return nullptr;
    }
}

const rules::Rules* Checker::rules_from_file(const RecordedGame& game, std::string& why,
                                             std::string& note) {
    // Keyed by the file and the text kept: two journals may keep different texts of one file.
    const std::string key = "file:" + game.variant_file + '\n' + game.variant_yaml;
    if (auto it = load_errors_.find(key); it != load_errors_.end()) {
        why = it->second;
        return nullptr;
    }
    if (auto it = loaded_.find(key); it == loaded_.end()) {
        try {
            std::unique_ptr<rules::Rules> loaded;
            if (game.variant_yaml.empty()) {
                loaded = std::make_unique<rules::Rules>(rules::Rules::load(game.variant_file));
            } else {
                // The text kept is what the games were played by; the file is named in its
                // errors, and an `extends:` of a file beside it is looked for beside it.
                loaded = std::make_unique<rules::Rules>(
                    rules::parse_variant_text(game.variant_yaml, game.variant_file));
                std::string now;
                try {
                    now = rules::load_variant_file(game.variant_file).yaml;
                } catch (const std::exception&) {
                }
                if (now != game.variant_yaml)
                    file_notes_[key] = fmt::format(
                        "the variant file {} {} since; checked by the text the journal kept",
                        game.variant_file, now.empty() ? "is gone or unreadable" : "has changed");
            }
            loaded_[key] = std::move(loaded);
        } catch (const std::exception& e) {
            why = load_errors_[key] =
                fmt::format("the record's variant file {} {}: {}", game.variant_file,
                            game.variant_yaml.empty() ? "cannot be read"
                                                      : "(the text the journal kept) is refused",
                            e.what());
            return nullptr;
        }
    }
    if (auto n = file_notes_.find(key); n != file_notes_.end()) note = n->second;
    return loaded_[key].get();
}

std::string Checker::variant_that_fits(const RecordedGame& game, const std::string& tried) {
    // A KIF record names its variant or is shogi, and its moves fit only variants with KIF
    // names: loading every variant (seconds) to look for another is not worth it.
    if (game.kif_moves) return "";
    if (!shipped_) {
        try {
            shipped_ = rules::list_variants();
        } catch (const std::exception&) {
            shipped_.emplace();
        }
    }
    const rules::Rules* claimed = loaded_.count(tried) ? loaded_[tried].get() : nullptr;
    for (const auto& name : *shipped_) {
        if (name == tried) continue;
        // Only a board of the claimed size can fit; reading the file is cheap, building a
        // variant's tables (its slide tables) is what takes the time, so it comes after.
        if (claimed && !loaded_.count(name)) {
            try {
                const rules::Geometry g = rules::load_variant(name).geometry;
                if (g.width != claimed->geometry().width || g.height != claimed->geometry().height)
                    continue;
            } catch (const std::exception&) {
                continue;
            }
        }
        std::string why;
        const rules::Rules* r = rules_for(name, why);
        if (!r || (claimed && (r->geometry().width != claimed->geometry().width ||
                               r->geometry().height != claimed->geometry().height)))
            continue;
        if (check_game(game, *r).checks_out()) return name;
    }
    return "";
}

Verdict Checker::check(const RecordedGame& game) {
    std::string name = !game.variant.empty() ? game.variant
                       : !fallback_.empty()  ? fallback_
                                             : game.implied_variant;
    std::string why, file_note;
    // A variant that is not shipped is found by the file the record names, not by its name.
    const bool by_file = !game.variant.empty() && !game.variant_file.empty();
    const rules::Rules* rules = by_file        ? rules_from_file(game, why, file_note)
                                : name.empty() ? nullptr
                                               : rules_for(name, why);
    // A record naming a variant this referee does not know is checked as --variant, if given.
    std::string substituted;
    if (!rules && !game.variant.empty() && !fallback_.empty()) {
        substituted = name;
        name = fallback_;
        rules = rules_for(name, why);
    }
    Verdict v;
    if (!rules) {
        v.source = game.source;
        v.line = game.line;
        v.label = game.label;
        v.players = game.players;
        v.variant = name.empty() ? "?" : name;
        v.status = Status::Wrong;
        v.problem = Problem::Unreadable;
        v.message = !game.problem.empty() ? game.problem
                    : name.empty()        ? "the record names no variant; give one with --variant"
                    : by_file             ? fmt::format("{}; give the variant with --variant", why)
                                          : fmt::format("unknown variant '{}': {}", name, why);
    } else {
        v = check_game(game, *rules);
        if (!file_note.empty()) v.notes.push_back(file_note);
        if (!substituted.empty())
            v.notes.push_back(fmt::format(
                "the record names variant '{}', which is not known; checked as {} (--variant)",
                substituted, rules->name()));
        // A game recorded under the wrong variant: say which one its moves fit.
        if (!v.checks_out() &&
            (v.problem == Problem::IllegalMove || v.problem == Problem::MoveAfterEnd ||
             v.problem == Problem::WrongResult || v.problem == Problem::WrongReason)) {
            if (const std::string other = variant_that_fits(game, rules->name()); !other.empty())
                v.message += fmt::format(" (the game checks out as {}: is {} the right variant?)",
                                         other, rules->name());
        }
    }
    ++summary_.games;
    summary_.plies += v.plies;
    switch (v.status) {
        case Status::Ok:
            ++summary_.ok;
            break;
        case Status::Stopped:
            ++summary_.stopped;
            break;
        case Status::Wrong:
            ++summary_.wrong;
            ++summary_.problems[problem_key(v.problem)];
            break;
    }
    return v;
}

std::string Checker::check_file(const std::string& path, const OnVerdict& on_verdict) {
    ++summary_.files;
    std::unique_ptr<GameSource> source;
    try {
        source = open_games(path);
    } catch (const SourceError& e) {
        summary_.unreadable_files.push_back(e.what());
        return e.what();
    }
    RecordedGame game;
    while (source->next(game)) on_verdict(check(game), *source);
    return "";
}

std::string format_summary(const Summary& s) {
    std::string out = fmt::format(
        "{} game{} in {} file{}, {} plies: {} ok, {} stopped before the rules ended them "
        "(plausible, not rules-given), {} wrong",
        s.games, s.games == 1 ? "" : "s", s.files, s.files == 1 ? "" : "s", s.plies, s.ok,
        s.stopped, s.wrong);
    if (!s.problems.empty()) {
        std::string kinds;
        for (const auto& [key, n] : s.problems)
            kinds += fmt::format("{}{} {}", kinds.empty() ? "" : ", ", n, key);
        out += fmt::format(" ({})", kinds);
    }
    if (!s.unreadable_files.empty())
        out += fmt::format("; {} file(s) could not be read", s.unreadable_files.size());
    return out + "\n";
}

nlohmann::json to_json(const Summary& s) {
    return {{"files", s.files},
            {"games", s.games},
            {"ok", s.ok},
            {"stopped", s.stopped},
            {"wrong", s.wrong},
            {"plies", s.plies},
            {"problems", s.problems},
            {"unreadable_files", s.unreadable_files},
            {"all_check_out", s.all_check_out()}};
}

}  // namespace referee::check
