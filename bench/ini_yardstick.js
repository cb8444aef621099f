// The yardstick of issue #37 part 3: every section of a variants.ini (Fairy-Stockfish's own
// src/variants.ini, which this repository does not hold: give its path) read by the referee
// (FILE.ini:SECTION) and counted beside ffish 0.7.10 (tests/support/ffish_oracle.js) from
// the start and from positions of seeded random play. Each section ends in one of:
//   identical   the referee loads it and every count equals ffish's
//   refused     the referee refuses it, naming the key (printed) and why
//   disagrees   it loads but a count differs: the walk down to the one position whose move
//               lists differ is printed (moves only one side has)
//   no-oracle   ffish does not define it after loading the file (it said why on its output)
//
//   node bench/ini_yardstick.js FILE.ini [--referee build/bin/referee] [--depth 3]
//        [--games 2] [--plies 12] [--seed 1] [--max-nodes 300000] [--only REGEX]
// Exits 0 with "skip: ..." when the file or ffish is missing, 1 when a section disagrees.
"use strict";
const fs = require("fs");
const path = require("path");
const { spawnSync } = require("child_process");
const oracle = require("../tests/support/ffish_oracle.js");

function parseArgs(argv) {
    const opts = {
        ini: "",
        referee: path.join(__dirname, "..", "build", "bin", "referee"),
        depth: 3,
        games: 2,
        plies: 12,
        seed: 1,
        maxNodes: 300000,
        only: null,
    };
    for (let i = 0; i < argv.length; ++i) {
        const a = argv[i];
        const next = () => argv[++i];
        if (a === "--referee") opts.referee = next();
        else if (a === "--depth") opts.depth = Number(next());
        else if (a === "--games") opts.games = Number(next());
        else if (a === "--plies") opts.plies = Number(next());
        else if (a === "--seed") opts.seed = Number(next());
        else if (a === "--max-nodes") opts.maxNodes = Number(next());
        else if (a === "--only") opts.only = new RegExp(next());
        else opts.ini = a;
    }
    return opts;
}

function sectionNames(text) {
    return [...text.matchAll(/^\s*\[([^\]:]+)(?::[^\]]*)?\]/gm)].map((m) => m[1].trim());
}

function referee(opts, args) {
    const r = spawnSync(opts.referee, args, { encoding: "utf8", timeout: 600000 });
    return { code: r.status, out: r.stdout || "", err: (r.stderr || "").trim() };
}

// nodes, or { error } with the referee's message.
function refereeCount(opts, section, depth, fen) {
    const args = ["perft", `${opts.ini}:${section}`, String(depth), "--stop", "immediate"];
    if (fen !== null) args.push("--fen", fen);
    const r = referee(opts, args);
    const m = r.out.match(/^nodes (\d+)$/m);
    if (r.code !== 0 || !m) return { error: r.err.split("\n")[0] || `exit ${r.code}` };
    return { nodes: Number(m[1]) };
}

function refereeDivide(opts, section, depth, fen) {
    const r = referee(opts, ["perft", `${opts.ini}:${section}`, String(depth), "--stop", "immediate", "--divide", "--fen", fen]);
    const out = {};
    for (const line of r.out.split("\n")) {
        // The referee writes a2-a3 where UCI (and ffish) write a2a3.
        const m = line.match(/^(\S+) (\d+)$/);
        if (m && m[1] === "nodes") continue;
        if (m) out[m[1].replace(/^([a-z]\d+)-([a-z]\d+)/, "$1$2")] = Number(m[2]);
    }
    return out;
}

// From a position whose counts differ, down the first move both sides have whose counts
// differ, to where the move lists themselves differ.
function drill(opts, ffish, section, fen, depth) {
    const lines = [];
    const board = new ffish.Board(section, fen);
    for (let d = depth; d >= 1; --d) {
        const theirs = oracle.divide(board, d);
        const ours = refereeDivide(opts, section, d, board.fen());
        const onlyTheirs = Object.keys(theirs).filter((m) => !(m in ours));
        const onlyOurs = Object.keys(ours).filter((m) => !(m in theirs));
        if (onlyTheirs.length || onlyOurs.length) {
            lines.push(`    at ${board.fen()}: only ffish ${onlyTheirs.join(" ") || "-"}; only referee ${onlyOurs.join(" ") || "-"}`);
            break;
        }
        const differing = Object.keys(theirs).find((m) => theirs[m] !== ours[m]);
        if (!differing) {
            lines.push(`    at ${board.fen()}: every move's count agrees at depth ${d}`);
            break;
        }
        lines.push(`    at ${board.fen()}: ${differing} ffish ${theirs[differing]} referee ${ours[differing]}`);
        board.push(differing);
    }
    board.delete();
    return lines;
}

async function main() {
    const opts = parseArgs(process.argv.slice(2));
    if (!opts.ini || !fs.existsSync(opts.ini)) {
        console.log(`skip: no variants.ini given or found ('${opts.ini}'); give the path of Fairy-Stockfish's src/variants.ini`);
        return 0;
    }
    if (!fs.existsSync(opts.referee)) {
        console.log(`skip: no referee at ${opts.referee} (build it, or give --referee)`);
        return 0;
    }
    let ffish;
    try {
        ffish = await oracle.loadFfish();
    } catch (e) {
        console.log(`skip: ${e.message}`);
        return 0;
    }
    const text = fs.readFileSync(opts.ini, "utf8");
    ffish.loadVariantConfig(text);
    const tally = { sections: 0, loaded: 0, identical: 0, refused: 0, disagrees: 0, "no-oracle": 0 };
    const refusedBy = {};
    for (const section of sectionNames(text)) {
        if (opts.only && !opts.only.test(section)) continue;
        ++tally.sections;
        const load = refereeCount(opts, section, 0, null);
        if (load.error) {
            ++tally.refused;
            const m = load.error.match(/:\d+:\d+: ([A-Za-z0-9]+): /);
            const key = m ? m[1] : "(section)";
            (refusedBy[key] = refusedBy[key] || []).push(section);
            console.log(`${section}: refused ${key}: ${load.error}`);
            continue;
        }
        ++tally.loaded;
        const theirs = oracle.countSection(ffish, section, opts);
        if (!theirs.known) {
            ++tally["no-oracle"];
            console.log(`${section}: no-oracle (ffish does not define it)`);
            continue;
        }
        const report = [];
        let agree = true;
        theirs.positions.forEach((p, i) => {
            const ours = refereeCount(opts, section, p.depth, i === 0 ? null : p.fen);
            const same = ours.nodes === p.nodes;
            report.push(`  ${i === 0 ? "start" : `after ${p.moves.length} plies`} depth ${p.depth}: ffish ${p.nodes} referee ${ours.error || ours.nodes}${same ? "" : "  <-- differs"}`);
            if (!same) {
                if (agree && !ours.error) report.push(...drill(opts, ffish, section, p.fen, p.depth));
                if (ours.error) report.push(`    fen ${p.fen}`);
                agree = false;
            }
        });
        ++tally[agree ? "identical" : "disagrees"];
        console.log(`${section}: ${agree ? "identical" : "disagrees"}`);
        if (!agree) console.log(report.join("\n"));
    }
    console.log("\nrefused, by key:");
    for (const [key, sections] of Object.entries(refusedBy).sort((a, b) => b[1].length - a[1].length))
        console.log(`  ${key} (${sections.length}): ${sections.join(" ")}`);
    console.log(`\nffish ${ffish.packageVersion}; ` + Object.entries(tally).map(([k, v]) => `${k} ${v}`).join(", "));
    return tally.disagrees ? 1 : 0;
}

main().then((code) => process.exit(code));
