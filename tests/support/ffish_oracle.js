// The ffish npm package (Fairy-Stockfish compiled to WebAssembly, pinned at 0.7.10 by
// .ci/setup.sh) as a perft oracle for variants.ini sections: it loads the file, and for each
// section named counts the legal-move tree from the start and from positions reached by
// seeded random play, with the FEN of each position so that the referee can count the same
// ones (each counted from its FEN by both: a FEN does not carry the game's history).
// Counting recurses over legalMoves(), which is Fairy-Stockfish's own legal move list (empty
// where a variant's game has ended at once, as its perft stops there).
//
//   node ffish_oracle.js --ini FILE [--depth 3] [--games 2] [--plies 12] [--seed 1]
//                        [--max-nodes 300000] SECTION...
// prints one line `RESULT {json}` a section (other lines are ffish's own messages):
//   {"section", "known": false} when ffish has no variant of that name after loading, or
//   {"section", "known": true, "start_fen", "positions": [{"moves": [...], "fen", "depth",
//    "nodes"}]}, the first position being the start. A position is counted to --depth plies,
//    or fewer when one ply less already reached --max-nodes leaves (its "depth" says which).
// Exits 77 with the reason on stderr when node cannot load ffish (the tests then skip).
// Also a module: require()d by bench/ini_yardstick.js.
"use strict";
const fs = require("fs");
const path = require("path");
const { execFileSync } = require("child_process");

const kVersion = "0.7.10";

// Where ffish is: $FFISH_DIR, the repository's own .ffish/ (npm --prefix .ffish), or npm's
// global folder (npm install -g). null when none has it.
function findFfish() {
    const candidates = [];
    if (process.env.FFISH_DIR) candidates.push(process.env.FFISH_DIR);
    candidates.push(path.join(__dirname, "..", "..", ".ffish", "node_modules", "ffish"));
    try {
        const root = execFileSync("npm", ["root", "-g"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
        candidates.push(path.join(root, "ffish"));
    } catch (e) {
        // no npm: only the other places
    }
    for (const dir of candidates)
        if (fs.existsSync(path.join(dir, "ffish.js")) && fs.existsSync(path.join(dir, "ffish.wasm"))) return dir;
    return null;
}

// Resolves to the initialised module. Its emscripten glue fetches the wasm with fetch() when
// fetch exists (node 18 and later), which fails for a file path: without fetch it reads the
// file from disk.
function loadFfish() {
    const dir = findFfish();
    if (!dir) return Promise.reject(new Error(`ffish ${kVersion} is not installed (npm install -g ffish@${kVersion}, as .ci/setup.sh does)`));
    const version = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")).version;
    const savedFetch = globalThis.fetch;
    globalThis.fetch = undefined;
    const ffish = require(path.join(dir, "ffish.js"));
    return new Promise((resolve) => {
        ffish.onRuntimeInitialized = () => {
            globalThis.fetch = savedFetch;
            ffish.packageVersion = version;
            resolve(ffish);
        };
    });
}

function legalMoves(board) {
    return board.legalMoves().split(" ").filter(Boolean);
}

function perft(board, depth) {
    if (depth === 0) return 1;
    if (depth === 1) return board.numberLegalMoves();
    let nodes = 0;
    for (const m of legalMoves(board)) {
        board.push(m);
        nodes += perft(board, depth - 1);
        board.pop();
    }
    return nodes;
}

// Counts below each legal move (for telling which move two counts disagree on).
function divide(board, depth) {
    const out = {};
    for (const m of legalMoves(board)) {
        board.push(m);
        out[m] = perft(board, depth - 1);
        board.pop();
    }
    return out;
}

// Counted to `depth`, or to the last depth whose count stayed under maxNodes.
function boundedPerft(board, depth, maxNodes) {
    let result = { depth: 0, nodes: 1 };
    for (let d = 1; d <= depth; ++d) {
        const nodes = perft(board, d);
        result = { depth: d, nodes };
        if (nodes >= maxNodes) break;
    }
    return result;
}

// mulberry32: a small seeded generator, so that a run can be repeated.
function rng(seed) {
    let a = seed >>> 0;
    return () => {
        a = (a + 0x6d2b79f5) >>> 0;
        let t = a;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}

// The section's start and `games` random games of plies, 2*plies, ... (fewer where a game
// ends first), each position with its FEN and count.
function countSection(ffish, section, opts) {
    if (!ffish.variants().split(" ").includes(section)) return { section, known: false };
    const board = new ffish.Board(section);
    const result = { section, known: true, start_fen: board.fen(), positions: [] };
    const random = rng(opts.seed);
    for (let game = 0; game <= opts.games; ++game) {
        board.reset();
        const moves = [];
        for (let ply = 0; ply < opts.plies * game; ++ply) {
            const legal = legalMoves(board);
            if (!legal.length) break;
            const m = legal[Math.floor(random() * legal.length)];
            board.push(m);
            moves.push(m);
        }
        // Counted from the FEN, as the referee is given only the FEN: the game's history can
        // change what is legal (after a pass, Fairy-Stockfish's janggi ends the game on a
        // second one), and a FEN does not carry it.
        const fen = board.fen();
        const fromFen = new ffish.Board(section, fen);
        const counted = boundedPerft(fromFen, opts.depth, opts.maxNodes);
        fromFen.delete();
        result.positions.push({ moves, fen, depth: counted.depth, nodes: counted.nodes });
    }
    board.delete();
    return result;
}

function parseArgs(argv) {
    const opts = { ini: "", depth: 3, games: 2, plies: 12, seed: 1, maxNodes: 300000, sections: [] };
    for (let i = 0; i < argv.length; ++i) {
        const a = argv[i];
        const next = () => {
            if (i + 1 >= argv.length) throw new Error(`${a} needs a value`);
            return argv[++i];
        };
        if (a === "--ini") opts.ini = next();
        else if (a === "--depth") opts.depth = Number(next());
        else if (a === "--games") opts.games = Number(next());
        else if (a === "--plies") opts.plies = Number(next());
        else if (a === "--seed") opts.seed = Number(next());
        else if (a === "--max-nodes") opts.maxNodes = Number(next());
        else if (a.startsWith("--")) throw new Error(`unknown option ${a}`);
        else opts.sections.push(a);
    }
    if (!opts.ini) throw new Error("--ini FILE is required");
    return opts;
}

async function main() {
    let opts;
    try {
        opts = parseArgs(process.argv.slice(2));
    } catch (e) {
        process.stderr.write(`ffish_oracle: ${e.message}\n`);
        process.exit(2);
    }
    let ffish;
    try {
        ffish = await loadFfish();
    } catch (e) {
        process.stderr.write(`ffish_oracle: ${e.message}\n`);
        process.exit(77);
    }
    if (ffish.packageVersion !== kVersion)
        process.stderr.write(`ffish_oracle: ffish ${ffish.packageVersion} found, ${kVersion} expected\n`);
    ffish.loadVariantConfig(fs.readFileSync(opts.ini, "utf8"));
    for (const section of opts.sections)
        process.stdout.write(`RESULT ${JSON.stringify(countSection(ffish, section, opts))}\n`);
}

module.exports = { kVersion, findFfish, loadFfish, legalMoves, perft, divide, boundedPerft, rng, countSection };

if (require.main === module) main();
