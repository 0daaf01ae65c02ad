/* dlx-sudoku's options: the help text, each option's check, and the options that exclude each other. */
#include "dlx-sudoku-options.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli-checkpoint.h"
#include "dlx-sudoku-generate.h"
#include "dlx-sudoku.h"
#include "draw-svg.h"

#ifdef DLX_HAVE_PDF
#define DRAW_PDF_BUILT 1
#else
#define DRAW_PDF_BUILT 0
#endif
#include "sudoku-names.h"

static const char usage_dlx_sudoku[] =
	"Usage: dlx-sudoku [OPTION]... [FILE]\n"
	"Solve the sudoku puzzles in FILE (standard input when FILE is missing or '-'),\n"
	"printing the answers in input order, each as soon as it and those before it\n"
	"are known.  Boards are n^2 x n^2 for n = 2..10 (4x4 to 100x100; symbol\n"
	"formats up to 64x64), or (R*C) x (R*C) with boxes of R rows and C columns:\n"
	"6x6, 8x8, 10x10, 12x12, 15x15 and 20x20 have boxes 2x3, 2x4, 2x5, 3x4, 3x5\n"
	"and 4x5 unless --box says else (see Boards below).\n"
	"\n"
	"Modes (default: print each puzzle's first solution):\n"
	"  -c, --count            print the number of solutions of each puzzle\n"
	"  -l, --limit=N          count (with --count) or print at most N solutions;\n"
	"                         N > 1 alone prints solutions as --all does\n"
	"  -u, --unique           print 'unique', 'multiple' or 'none' (counts up to 2)\n"
	"  -a, --all              print every solution (with --count, then the count)\n"
	"      --score=target     print the best NOIP 2009 \"target sudoku\" score over\n"
	"                         all solutions: sum of digit x weight, the weight 6 on\n"
	"                         the border, one more per ring inwards (10 in the\n"
	"                         centre of a 9x9); -1 when there is no solution\n"
	"      --grade            print a difficulty grade and the guesses.  The grade:\n"
	"                         the search nodes that the uniqueness check (as\n"
	"                         --unique) enters off the solution's path, i.e.\n"
	"                         nodes - blanks - 1.  The search always branches on\n"
	"                         the first item with the fewest options and, the\n"
	"                         puzzle being unique, walks its whole tree, so the\n"
	"                         grade is the same on any run, machine or --threads.\n"
	"                         0: no wrong guess survived its first step (puzzles\n"
	"                         that naked and hidden singles solve get 0); the more,\n"
	"                         the harder: median 6 for 17-clue puzzles, 1749 for\n"
	"                         the forum's hardest.  The guesses: nodes of that\n"
	"                         search that branched on a cell or unit with two or\n"
	"                         more candidates left (medians 1 and 133).  'multiple'\n"
	"                         or 'none' when the puzzle has no unique solution\n"
	"      --candidates       print the pencil marks left once the givens' digits\n"
	"                         leave their units and naked and hidden singles are\n"
	"                         applied until none is left: a line of N^3 symbols\n"
	"                         (the format of candidate lines) with --output line\n"
	"                         (the default for line input), else a grid of\n"
	"                         pencil marks; 'no solution' when the singles show\n"
	"                         there is none\n"
	"      --explain          print the steps a person would take, one a line\n"
	"                         ('r3c7=5  hidden single in row 3'), easiest first,\n"
	"                         then the rating as --rate.  Classic 9x9 has the\n"
	"                         whole ladder; other sizes and the variants of units\n"
	"                         (x, windoku, jigsaw, disjoint) singles, locked\n"
	"                         candidates, subsets and fish (not anti-knight,\n"
	"                         anti-king, nonconsecutive, parity or cages)\n"
	"      --hint             print only the next such step, of a puzzle, a\n"
	"                         partly solved one or pencil marks\n"
	"      --rate             print a difficulty on Sudoku Explainer's scale (the\n"
	"                         hardest step needed when always taking the\n"
	"                         easiest) and a class: easy, medium, hard, expert;\n"
	"                         '>=7.5 beyond logic' (a lower bound) when its\n"
	"                         techniques (up to dynamic forcing chains) do not\n"
	"                         suffice; on other boards SE's 9x9 weights, and\n"
	"                         '>=4.0 beyond logic' when the fish do not suffice\n"
	"      --generate=COUNT   make COUNT puzzles with exactly one solution instead\n"
	"                         of reading any (see Generating below)\n"
	"\n"
	"Input and output:\n"
	"  -f, --format=FMT       auto (default), line, grid, compact, drawn, count,\n"
	"                         candidates (alias sukaku) or pencil\n"
	"  -A, --alphabet=ALPHA   auto (default); alnum: 1-9A-Za-z@$& (1-9A-G for\n"
	"                         16x16); letters: A-Z (A-P for 16x16, as SPOJ 1110);\n"
	"                         hex: 0-9A-Z (0-F for 16x16, 0 is then a digit)\n"
	"  -o, --output=LAYOUT    line, grid (numbers), compact, pretty (drawn with\n"
	"                         | and +), ss (Simple Sudoku's .ss files: 8..|2.3|...\n"
	"                         rows, ----------- between bands) or bordered (its\n"
	"                         clipboard grid: the same framed by *-----------*);\n"
	"                         default: the layout of the input.  svg: one SVG\n"
	"                         picture of every board, numbered: the solutions\n"
	"                         (givens bold, filled digits blue) or --generate's\n"
	"                         puzzles; with the first-solution mode or --generate.\n"
	"                         pdf: the same on A4 pages (where built with\n"
	"                         librsvg and cairo; else it says so)\n"
	"      --per-page=N       with --output svg or pdf: A4 pages of N boards\n"
	"                         (1..64; pdf's default 1)\n"
	"  -q, --quiet            print nothing; the exit status tells\n"
	"  -s, --stats            print totals to stderr: puzzles, solved, unsolvable,\n"
	"                         stopped, nodes, updates, time and puzzles/s\n"
	"      --node-limit=N     give up on a puzzle after N search nodes (SAT: N\n"
	"                         conflicts a call; local search: N moves)\n"
	"      --time-limit=SEC   give up on a puzzle after SEC seconds\n"
	"      --engine=E         dlx, sat, local or auto (default): auto answers boards\n"
	"                         up to 25x25 with dancing links; larger ones with\n"
	"                         dancing links within 1000000 nodes, then (a first\n"
	"                         solution, boxes) with the local search and the SAT\n"
	"                         engine (CaDiCaL) in turns, each twice the last,\n"
	"                         which find solutions of big boards with few givens\n"
	"                         that dancing links do not; sat:\n"
	"                         always (first solution, --unique, --count, --all,\n"
	"                         --limit); local: always (first solution only; it\n"
	"                         tells there is none only when the givens' singles\n"
	"                         show it: --node-limit bounds its moves, 20 N^3 by\n"
	"                         default, at least 10^6, or --time-limit alone)\n"
	"      --propagate        search with locked candidates (pointing and claiming)\n"
	"                         at each guess: usually fewer nodes, each dearer; node\n"
	"                         counts and so --grade change (see dlx-sudoku(1))\n"
	"      --output-file=FILE write the answers to FILE, not standard output\n"
	"      --checkpoint=FILE  save where the run stands in FILE every\n"
	"                         --checkpoint-every seconds and when SIGINT/SIGTERM/\n"
	"                         SIGHUP (or, for a count, a limit) stops it; FILE\n"
	"                         must not exist (it is removed at the end).  A\n"
	"                         --count of a lone puzzle saves its search (in one\n"
	"                         thread); a file of puzzles saves the puzzles\n"
	"                         answered, its answers going to --output-file\n"
	"      --checkpoint-every=SEC  seconds between saves (default 300)\n"
	"      --resume=FILE      go on from FILE: the same input and options that\n"
	"                         shape the answers; a count goes on where its search\n"
	"                         stood (its count, nodes and --node-limit the whole\n"
	"                         search's), a run after the last puzzle answered,\n"
	"                         --output-file cut back to the answers saved\n"
	"  -t, --threads=N        solve N puzzles at a time (default: the cores it may\n"
	"                         run on); the output is the same for any N.\n"
	"                         A --count of a lone puzzle splits its search over\n"
	"                         the N threads instead (not with --node-limit)\n"
	"  -p, --part=K/M         solve only puzzles K, K+M, K+2M, ... of the input\n"
	"                         (1 <= K <= M); with --output line, the M parts'\n"
	"                         outputs recombine with paste -d '\\n' (see dlx-sudoku(1))\n"
	"      --progress         report puzzles done and puzzles/s (or a long\n"
	"                         puzzle's search) to stderr every few seconds\n"
	"                         (default: when stderr is a terminal, after 2 seconds)\n"
	"      --no-progress      never report progress\n"
	"  -h, --help             show this help and exit\n"
	"  -V, --version          show the version and exit\n"
	"\n"
	"Boards:\n"
	"      --box=RxC          boxes of R rows and C columns (R, C >= 2, R*C <= 100)\n"
	"                         for boards of side R*C, read and generated: 3x2\n"
	"                         for tall boxes on 6x6, 2x6 or 3x4 on 12x12, 4x6 for\n"
	"                         24x24.  Boards of other sides keep their boxes\n"
	"\n"
	"Variants (an extra unit holds every digit once, like a row; a pair rule keeps\n"
	"two linked cells apart):\n"
	"      --variant=V[+V]    classic (the default); x: both main diagonals (also\n"
	"                         'diagonal'); windoku: (n-1)^2 extra n x n windows one\n"
	"                         cell apart, the 4 shaded boxes of a 9x9 (also\n"
	"                         'hyper'); with R x C boxes, R x C windows placed\n"
	"                         alike (one on 6x6, at r2c2-r3c4; four on 12x12);\n"
	"                         jigsaw: a region map replaces the boxes (also\n"
	"                         'irregular'); disjoint: the cells at one place of\n"
	"                         their boxes (also 'disjoint-groups'); anti-knight\n"
	"                         and anti-king: no digit twice a knight's or king's\n"
	"                         move apart (also 'knight', 'king'); nonconsecutive:\n"
	"                         no digits one apart side by side (also\n"
	"                         'non-consecutive'); killer: the input is a cage\n"
	"                         file (below), a puzzle without givens (--generate\n"
	"                         makes them: one line each, or --print-cages=map).\n"
	"                         Combine with + or a comma:\n"
	"                         x+windoku, anti-knight+anti-king+nonconsecutive\n"
	"      --regions=FILE     jigsaw with this region map for every puzzle (implies\n"
	"                         --variant jigsaw); without it, each puzzle of the input\n"
	"                         is followed by its own map in the same format\n"
	"  A region map is a board of region numbers 1..N in the symbols of the puzzle\n"
	"  (digits 1-9 on 9x9), in any input format, e.g. one line of N^2 symbols\n"
	"  or N rows; each of the N regions has N cells.\n"
	"      --parity=FILE      even/odd cells for every puzzle: N rows of N marks,\n"
	"                         o (odd), e (even) or . (any), or N^2 marks on a line\n"
	"      --cages=FILE       killer cages for every puzzle of the input, whose\n"
	"                         givens they add to: a cage's digits differ and add\n"
	"                         up to its sum, if it has one\n"
	"      --print-cages=map|line  write the cages (--cages, --variant killer) in\n"
	"                         that form and exit; with --generate, the form of\n"
	"                         the killer puzzles made\n"
	"  A cage file is a cage map (N rows of N cage names: single characters, or\n"
	"  words between blanks; '.' for no cage) then sums NAME=SUM, or one line of\n"
	"  SumoCue's form, 3x3::k: and 81 fields sum*256+id (3x3:d:k: adds X).\n"
	"      --grid=FILE        puzzles on the general board FILE describes: its\n"
	"                         cells (holes allowed), symbols and units, e.g.\n"
	"                         samurai (data/samurai.grid; samurai, twin and\n"
	"                         butterfly are built in by name).  Each puzzle is the\n"
	"                         board's rows ('.' blank, ' ' '#' '*' holes) or one\n"
	"                         line of its cells.  Solve, --count, --unique, --all,\n"
	"                         --limit, --generate (--seed, --clues, --minimal),\n"
	"                         --stats and --output svg work; see dlx-sudoku(1)\n"
	"\n"
	"Generating (with --generate; one puzzle per line unless --output says else):\n"
	"      --size=n           box size 2..10: n^2 x n^2 boards (default 3: 9x9;\n"
	"                         --box RxC for others)\n"
	"      --seed=S           which series of puzzles (default 0): the same S gives\n"
	"                         the same puzzles on any machine and for any --threads\n"
	"      --minimal          take clues away until none can go without allowing a\n"
	"                         second solution (the default)\n"
	"      --clues=K          stop taking clues away at K clues.  If no clue can\n"
	"                         go before K is reached, the puzzle keeps more than K\n"
	"                         (and is then minimal)\n"
	"      --symmetry=SYM     keep the clues symmetric, as qqwing does: none (the\n"
	"                         default), rotate180, rotate90 (a quarter turn),\n"
	"                         mirror (left-right), flip (top-bottom) or random\n"
	"                         (one of the four, from the seed).  Clues go a whole\n"
	"                         orbit at a time (2 cells, 4 for rotate90), so\n"
	"                         --clues may end up to 1 (3) above K, and minimal\n"
	"                         means that no orbit can go\n"
	"      --symmetric        --symmetry rotate180\n"
	"      --rating=MIN-MAX   (classic 9x9) only puzzles that --rate rates from MIN\n"
	"                         to MAX on Sudoku Explainer's scale (one decimal at\n"
	"                         most: 2.0-3.0), or --rating=V exactly V.  A puzzle\n"
	"                         beyond the ladder has only a lower bound and is in\n"
	"                         no range; the ladder's longest chains rate about 9.5\n"
	"      --difficulty=CLASS (classic 9x9) only puzzles of a class as --rate\n"
	"                         prints it: easy (up to 2.5), medium (2.6-3.4), hard\n"
	"                         (3.5-4.4), expert (4.5 and up, solved) or beyond\n"
	"                         (beyond logic: the ladder does not solve them)\n"
	"      --tries=N          with --rating or --difficulty: candidates made for\n"
	"                         each puzzle before giving up on it (default 10000:\n"
	"                         up to half a minute of one core)\n"
	"  With --rating or --difficulty each puzzle is the first of a series of\n"
	"  candidates (made as above, each a puzzle of its own from --seed) whose\n"
	"  rating is in the range; the series depends on --seed and the puzzle's\n"
	"  number only, so the output is the same for any --threads.  --stats adds\n"
	"  the candidates made and rejected.  A puzzle without a candidate in the\n"
	"  range within --tries (or --time-limit) is not printed: a note on stderr\n"
	"  says so, and the exit status is 4.\n"
	"  Every removal is checked by a search for a second solution; --node-limit\n"
	"  caps each check (default 10000000 nodes; a clue whose check is cut short\n"
	"  stays) and the search for the full board, --time-limit each puzzle.  A\n"
	"  puzzle that falls short of its request still has one solution: it is\n"
	"  printed, with a note on stderr, and the exit status is 4.  A puzzle whose\n"
	"  full board was not found within the limits is not printed (stderr says\n"
	"  so; status 4).  --variant and --regions apply; large or heavily\n"
	"  constrained boards (16x16 windoku, 25x25 and up) are slow.\n"
	"\n"
	"Formats ('.', '_', '0' and '-' are blanks; '#' starts a comment line; a line\n"
	"'end' ends the input):\n"
	"  line     one puzzle per line, N^2 symbols (81 for 9x9, 256 for 16x16)\n"
	"  grid     N rows of N numbers separated by blanks, 0 for a blank (luogu 1784);\n"
	"           grids may be separated by empty lines; a row of N^2 numbers that\n"
	"           repeats a given is a whole puzzle on one line\n"
	"  compact  N rows of N symbols (POJ 2676, .sdk files)\n"
	"  drawn    rows with '|' between boxes, lines of '-' '+' '|' between bands (as\n"
	"           qqwing and Simple Sudoku print them, .ss files and Simple Sudoku's\n"
	"           clipboard grid framed by *-----------* included); '-' is not a\n"
	"           blank there.  Answers come back in the drawing's own style\n"
	"  candidates  one puzzle of pencil marks per line: N symbols per cell, the\n"
	"           k-th digit k or a blank (729 for 9x9, 'sukaku'); detected for\n"
	"           216 (6x6), 512, 729, 1000, ...; --format candidates for 4x4 (64)\n"
	"           and 16x16 (4096).  A cell with one candidate is a given\n"
	"  pencil   a grid of pencil marks as HoDoKu, Simple Sudoku and --candidates\n"
	"           print them: N rows of N words of candidates ('.' for none), '|'\n"
	"           between boxes, rules of - + | = * . : ' between bands and around\n"
	"           the grid; its answers are drawn\n"
	"  count    a number T, then T compact or grid puzzles (SPOJ 1110, POJ 2676);\n"
	"           the answers follow the judges' layout: grids (numbers between\n"
	"           blanks if the input's rows had them), with an empty line between\n"
	"           them when the input had one\n"
	"\n"
	"Auto-detection looks at the first line that is not empty or a comment: with\n"
	"'|' or '+' it is drawn; with several words, a grid; a number followed by a\n"
	"line of another length, a count; N^2 symbols, a line; N symbols, a compact\n"
	"grid.  A 16-symbol line of 1-4 and blanks is a 4x4 puzzle unless the 15\n"
	"text lines after it are 16 symbols long and show another symbol: then it\n"
	"opens a 16x16 grid.  The first puzzle fixes the format and the board size: a\n"
	"puzzle of another size is an error unless --format is given.  The alphabet\n"
	"of N > 9 boards: hex if '0' stands next to other blanks ('.', '_', '-') and\n"
	"the letters fit hex; else alnum if the first puzzle has a digit 1-9, else\n"
	"letters.  Where '0' is the only blank and hex would fit too, '0' is read as\n"
	"a blank and a note on stderr says so.\n"
	"\n"
	"A bad input stops the run with 'dlx-sudoku: FILE:LINE: message'.  Givens\n"
	"that contradict each other are not an input error: the puzzle gets\n"
	"'no solution', the reason goes to stderr, and the run goes on.  A puzzle cut\n"
	"short by a limit gets 'unknown (stopped at ...)' or 'count >= K (...)'.\n"
	"\n"
	"Exit status: 0 every puzzle has a solution (or was made as asked), 1 some\n"
	"puzzle has none, 2 bad usage or bad input, 3 out of memory, overflow or\n"
	"write error, 4 some puzzle was stopped by --node-limit or --time-limit (or\n"
	"fell short of its request), 130/143 interrupted by SIGINT/SIGTERM (129:\n"
	"SIGHUP, with --checkpoint).\n";

const struct cli_program puzzle_program = { "dlx-sudoku", usage_dlx_sudoku, UINT32_MAX, 1 };

enum {
	OPT_SCORE = CLI_OPT_OWN, OPT_GRADE, OPT_GENERATE, OPT_SIZE, OPT_SEED, OPT_CLUES, OPT_MINIMAL,
	OPT_SYMMETRIC, OPT_VARIANT, OPT_REGIONS, OPT_BOX, OPT_SYMMETRY, OPT_CANDIDATES, OPT_PER_PAGE, OPT_PARITY,
	OPT_CAGES, OPT_PRINT_CAGES, OPT_GRID, OPT_EXPLAIN, OPT_HINT, OPT_RATE, OPT_RATING, OPT_DIFFICULTY, OPT_TRIES,
	OPT_CHECKPOINT, OPT_CHECKPOINT_EVERY, OPT_RESUME, OPT_OUTPUT_FILE, OPT_ENGINE
};

/* The order shows in getopt's "ambiguous option" messages: keep it. */
static const struct option longopts[] = {
	{ "count", no_argument, NULL, 'c' },
	CLI_LONGOPT_LIMIT,
	{ "unique", no_argument, NULL, 'u' },
	{ "all", no_argument, NULL, 'a' },
	{ "score", required_argument, NULL, OPT_SCORE },
	{ "format", required_argument, NULL, 'f' },
	{ "alphabet", required_argument, NULL, 'A' },
	{ "output", required_argument, NULL, 'o' },
	{ "per-page", required_argument, NULL, OPT_PER_PAGE },
	{ "stats", no_argument, NULL, 's' },
	{ "quiet", no_argument, NULL, 'q' },
	CLI_LONGOPTS_SEARCH,
	{ "grade", no_argument, NULL, OPT_GRADE },
	{ "candidates", no_argument, NULL, OPT_CANDIDATES },
	{ "generate", required_argument, NULL, OPT_GENERATE },
	{ "size", required_argument, NULL, OPT_SIZE },
	{ "seed", required_argument, NULL, OPT_SEED },
	{ "clues", required_argument, NULL, OPT_CLUES },
	{ "minimal", no_argument, NULL, OPT_MINIMAL },
	{ "symmetric", no_argument, NULL, OPT_SYMMETRIC },
	{ "variant", required_argument, NULL, OPT_VARIANT },
	{ "regions", required_argument, NULL, OPT_REGIONS },
	{ "box", required_argument, NULL, OPT_BOX },
	{ "symmetry", required_argument, NULL, OPT_SYMMETRY },
	{ "parity", required_argument, NULL, OPT_PARITY },
	{ "cages", required_argument, NULL, OPT_CAGES },
	{ "print-cages", required_argument, NULL, OPT_PRINT_CAGES },
	{ "grid", required_argument, NULL, OPT_GRID },
	{ "explain", no_argument, NULL, OPT_EXPLAIN },
	{ "hint", no_argument, NULL, OPT_HINT },
	{ "rate", no_argument, NULL, OPT_RATE },
	{ "rating", required_argument, NULL, OPT_RATING },
	{ "difficulty", required_argument, NULL, OPT_DIFFICULTY },
	{ "tries", required_argument, NULL, OPT_TRIES },
	{ "checkpoint", required_argument, NULL, OPT_CHECKPOINT },
	{ "checkpoint-every", required_argument, NULL, OPT_CHECKPOINT_EVERY },
	{ "resume", required_argument, NULL, OPT_RESUME },
	{ "output-file", required_argument, NULL, OPT_OUTPUT_FILE },
	{ "engine", required_argument, NULL, OPT_ENGINE },
	CLI_LONGOPTS_HELP,
	{ NULL, 0, NULL, 0 },
};

/* What the options asked for before the mode is settled, for the checks of what excludes what. */
struct requests {
	bool unique, all, score, grade, generate, minimal, candidates;
	unsigned logic;          /* how many of --explain, --hint and --rate */
	enum puzzle_mode logic_mode;
	bool gen_only;           /* an option that means something only with --generate */
	bool rating, difficulty; /* --rating, --difficulty (either sets o->rated) */
	bool tries;              /* --tries */
	bool have_format;
	bool arg_separate;       /* the option's argument was a word of its own, not after '=' */
	const char *score_file;  /* "--score FILE": the input file, taken for --score's argument */
};

/* Each parse_X takes option X's argument; returns 0, or CLI_EXIT_USAGE after a message. */

/*
 * --score has one kind, 'target', so "--score FILE" (a file that exists, or
 * '-') scores FILE's puzzles, as a user would mean it; "--score=X" and a
 * word that is no file name a kind.
 */
static int parse_score(const char *arg, struct requests *rq)
{
	bool file = rq->arg_separate && (strcmp(arg, "-") == 0 || access(arg, F_OK) == 0);
	if (strcmp(arg, "target") != 0 && !file) {
		fprintf(stderr, "dlx-sudoku: --score knows only 'target', not '%s'\n", arg);
		return CLI_EXIT_USAGE;
	}
	if (strcmp(arg, "target") != 0)
		rq->score_file = arg;
	rq->score = true;
	return 0;
}

static int parse_format(const char *arg, struct puzzle_options *o, struct requests *rq)
{
	if (!sudoku_format_parse(arg, &o->format)) {
		fprintf(stderr,
			"dlx-sudoku: unknown format '%s' (auto, line, grid, compact, drawn, count, candidates, pencil)\n", arg);
		return CLI_EXIT_USAGE;
	}
	rq->have_format = true;
	return 0;
}

static int parse_alphabet(const char *arg, struct puzzle_options *o)
{
	if (!sudoku_alphabet_parse(arg, &o->alphabet)) {
		fprintf(stderr, "dlx-sudoku: unknown alphabet '%s' (auto, alnum, letters, hex)\n", arg);
		return CLI_EXIT_USAGE;
	}
	return 0;
}

static int parse_output(const char *arg, struct puzzle_options *o)
{
	/* A picture is no text layout: the answers' text keeps the input's layout, and is not printed. */
	o->pdf = strcmp(arg, "pdf") == 0;
	o->svg = o->pdf || strcmp(arg, "svg") == 0;
	if (o->pdf && !DRAW_PDF_BUILT) {
		fprintf(stderr, "dlx-sudoku: --output pdf: this dlx-sudoku was built without PDF "
			"(meson -Dpdf=enabled needs librsvg2-dev and libcairo2-dev); --output svg draws the same\n");
		return CLI_EXIT_USAGE;
	}
	if (o->svg) {
		o->have_output = false;
		return 0;
	}
	if (!sudoku_layout_parse(arg, &o->output)) {
		fprintf(stderr, "dlx-sudoku: unknown output layout '%s' (line, grid, compact, pretty, ss, bordered, svg, pdf)\n",
			arg);
		return CLI_EXIT_USAGE;
	}
	o->have_output = true;
	return 0;
}

static int parse_per_page(const char *arg, struct puzzle_options *o)
{
	uint64_t v;
	if (!cli_parse_u64(arg, &v) || v < 1 || v > DRAW_MAX_PER_PAGE) {
		fprintf(stderr, "dlx-sudoku: --per-page needs a number of boards from 1 to %u, not '%s'\n",
			DRAW_MAX_PER_PAGE, arg);
		return CLI_EXIT_USAGE;
	}
	o->per_page = (unsigned)v;
	return 0;
}

static int parse_generate(const char *arg, struct puzzle_options *o, struct requests *rq)
{
	if (!cli_parse_u64(arg, &o->gen_count) || o->gen_count == 0) {
		fprintf(stderr, "dlx-sudoku: --generate needs a positive number of puzzles, not '%s'\n", arg);
		return CLI_EXIT_USAGE;
	}
	rq->generate = true;
	return 0;
}

static int parse_size(const char *arg, struct puzzle_options *o)
{
	uint64_t v;
	if (!cli_parse_u64(arg, &v) || v < DLX_SUDOKU_MIN_BOX || v > DLX_SUDOKU_MAX_BOX) {
		fprintf(stderr, "dlx-sudoku: --size needs a box size from %u to %u (4x4 to %ux%u), not '%s'\n",
			DLX_SUDOKU_MIN_BOX, DLX_SUDOKU_MAX_BOX, DLX_SUDOKU_MAX_BOX * DLX_SUDOKU_MAX_BOX,
			DLX_SUDOKU_MAX_BOX * DLX_SUDOKU_MAX_BOX, arg);
		return CLI_EXIT_USAGE;
	}
	o->size = (unsigned)v;
	return 0;
}

static int parse_seed(const char *arg, struct puzzle_options *o)
{
	if (!cli_parse_u64(arg, &o->seed)) {
		fprintf(stderr, "dlx-sudoku: --seed needs a number from 0 to %" PRIu64 ", not '%s'\n", UINT64_MAX, arg);
		return CLI_EXIT_USAGE;
	}
	return 0;
}

static int parse_clues(const char *arg, struct puzzle_options *o)
{
	uint64_t v;
	if (!cli_parse_u64(arg, &v) || v == 0 || v > SIZE_MAX) {
		fprintf(stderr, "dlx-sudoku: --clues needs a positive number, not '%s'\n", arg);
		return CLI_EXIT_USAGE;
	}
	o->clues = (size_t)v;
	return 0;
}

/* Parses --box RxC. */
static int parse_box(const char *arg, struct puzzle_options *o)
{
	unsigned r = 0, c = 0;
	int used = 0;
	bool ok = sscanf(arg, "%3u%*[xX]%3u%n", &r, &c, &used) == 2 && arg[used] == '\0' && arg[0] >= '0' &&
		arg[0] <= '9' && r >= DLX_SUDOKU_MIN_BOX && c >= DLX_SUDOKU_MIN_BOX && r * c <= DLX_SUDOKU_MAX_SIDE;
	/* sscanf takes blanks and signs before a number, and any run of x; RxC has none of them. */
	unsigned xs = 0;
	for (const char *p = arg; ok && *p; p++) {
		xs += *p == 'x' || *p == 'X';
		ok = (*p >= '0' && *p <= '9') || *p == 'x' || *p == 'X';
	}
	ok = ok && xs == 1;
	if (!ok) {
		fprintf(stderr, "dlx-sudoku: --box needs RxC, the rows and columns of a box, each at least %u, "
			"R*C at most %u (2x3 for 6x6), not '%s'\n", DLX_SUDOKU_MIN_BOX, DLX_SUDOKU_MAX_SIDE, arg);
		return CLI_EXIT_USAGE;
	}
	o->box.rows = r;
	o->box.cols = c;
	return 0;
}

static int parse_symmetry(const char *arg, struct puzzle_options *o)
{
	static const struct { const char *name; unsigned sym; } names[] = {
		{ "none", DLX_SUDOKU_SYM_NONE }, { "rotate180", DLX_SUDOKU_SYM_ROTATE180 },
		{ "rotate90", DLX_SUDOKU_SYM_ROTATE90 }, { "mirror", DLX_SUDOKU_SYM_MIRROR },
		{ "flip", DLX_SUDOKU_SYM_FLIP }, { "random", DLX_SUDOKU_SYM_RANDOM },
	};
	for (size_t k = 0; k < sizeof names / sizeof names[0]; k++) {
		if (strcmp(arg, names[k].name) == 0) {
			o->symmetry = names[k].sym;
			return 0;
		}
	}
	fprintf(stderr, "dlx-sudoku: unknown symmetry '%s' (none, rotate90, rotate180, mirror, flip, random)\n", arg);
	return CLI_EXIT_USAGE;
}

/*
 * One rating of --rating in tenths: 1 or 2 digits, then optionally '.' and
 * one digit, as --rate prints them.  Returns the first character after it,
 * or NULL if there is none.
 */
static const char *parse_tenths(const char *p, unsigned *out)
{
	unsigned v = 0, digits = 0;
	for (; *p >= '0' && *p <= '9' && digits < 3; p++, digits++)
		v = v * 10 + (unsigned)(*p - '0');
	if (digits == 0 || digits > 2)
		return NULL;
	v *= 10;
	if (*p == '.') {
		if (p[1] < '0' || p[1] > '9')
			return NULL;
		v += (unsigned)(p[1] - '0');
		p += 2;
	}
	*out = v;
	return p;
}

/* --rating MIN-MAX or --rating V: a band of solved ratings. */
static int parse_rating(const char *arg, struct puzzle_options *o, struct requests *rq)
{
	unsigned lo = 0, hi = 0;
	const char *p = parse_tenths(arg, &lo);
	if (p && *p == '-')
		p = parse_tenths(p + 1, &hi);
	else if (p)
		hi = lo;
	if (!p || *p) {
		fprintf(stderr, "dlx-sudoku: --rating needs MIN-MAX or one rating on Sudoku Explainer's scale, "
			"each at most 99.9 with at most one decimal (2.0-3.0, 4.5), not '%s'\n", arg);
		return CLI_EXIT_USAGE;
	}
	if (lo > hi) {
		fprintf(stderr, "dlx-sudoku: --rating %s: %u.%u is above %u.%u\n", arg, lo / 10, lo % 10, hi / 10, hi % 10);
		return CLI_EXIT_USAGE;
	}
	o->rating = (dlx_sudoku_rating_range){ lo, hi, 0 };
	if (lo == hi)
		snprintf(o->rating_text, sizeof o->rating_text, "%u.%u", lo / 10, lo % 10);
	else
		snprintf(o->rating_text, sizeof o->rating_text, "%u.%u-%u.%u", lo / 10, lo % 10, hi / 10, hi % 10);
	o->rated = true;
	rq->rating = true;
	return 0;
}

/* --difficulty CLASS: the band of a class as --rate names it (the library's table). */
static int parse_difficulty(const char *arg, struct puzzle_options *o, struct requests *rq)
{
	if (dlx_sudoku_class_range(arg, &o->rating) != DLX_OK) {
		fprintf(stderr, "dlx-sudoku: unknown difficulty '%s' (easy, medium, hard, expert, beyond)\n", arg);
		return CLI_EXIT_USAGE;
	}
	snprintf(o->rating_text, sizeof o->rating_text, "%s", o->rating.beyond ? "beyond logic" : arg);
	o->rated = true;
	rq->difficulty = true;
	return 0;
}

static int parse_tries(const char *arg, struct puzzle_options *o, struct requests *rq)
{
	if (!cli_parse_u64(arg, &o->tries) || o->tries == 0) {
		fprintf(stderr, "dlx-sudoku: --tries needs a positive number of candidates, not '%s'\n", arg);
		return CLI_EXIT_USAGE;
	}
	rq->tries = true;
	return 0;
}

/* Parses --variant's list, e.g. "x+windoku"; false with a message on stderr if a name is unknown. */
static bool parse_variant(const char *arg, struct puzzle_options *o)
{
	static const struct { const char *name; unsigned flag; bool jigsaw; } names[] = {
		{ "classic", 0, false }, { "x", DLX_SUDOKU_X, false }, { "diagonal", DLX_SUDOKU_X, false },
		{ "windoku", DLX_SUDOKU_WINDOKU, false }, { "hyper", DLX_SUDOKU_WINDOKU, false },
		{ "jigsaw", 0, true }, { "irregular", 0, true },
		{ "disjoint", DLX_SUDOKU_DISJOINT, false }, { "disjoint-groups", DLX_SUDOKU_DISJOINT, false },
		{ "anti-knight", DLX_SUDOKU_ANTI_KNIGHT, false }, { "knight", DLX_SUDOKU_ANTI_KNIGHT, false },
		{ "anti-king", DLX_SUDOKU_ANTI_KING, false }, { "king", DLX_SUDOKU_ANTI_KING, false },
		{ "nonconsecutive", DLX_SUDOKU_NONCONSECUTIVE, false },
		{ "non-consecutive", DLX_SUDOKU_NONCONSECUTIVE, false },
	};
	const char *p = arg;
	for (;;) {
		size_t len = strcspn(p, "+,");
		if (len == 6 && strncmp(p, "killer", 6) == 0) {
			o->killer = true;
			if (!p[len])
				return true;
			p += len + 1;
			continue;
		}
		size_t k = 0;
		while (k < sizeof names / sizeof names[0] &&
			(strlen(names[k].name) != len || strncmp(p, names[k].name, len) != 0))
			k++;
		if (k == sizeof names / sizeof names[0]) {
			fprintf(stderr, "dlx-sudoku: unknown variant '%.*s' (classic, x, windoku, jigsaw, disjoint, "
				"anti-knight, anti-king, nonconsecutive, killer; combine with +)\n", (int)len, p);
			return false;
		}
		o->flags |= names[k].flag;
		o->jigsaw |= names[k].jigsaw;
		if (!p[len])
			return true;
		p += len + 1;
	}
}

/* Takes one of the options that mean something only with --generate. */
static int take_generate_option(int c, const char *arg, struct puzzle_options *o, struct requests *rq)
{
	rq->gen_only = true;
	switch (c) {
	case OPT_SIZE: return parse_size(arg, o);
	case OPT_SEED: return parse_seed(arg, o);
	case OPT_CLUES: return parse_clues(arg, o);
	case OPT_MINIMAL: rq->minimal = true; return 0;
	case OPT_SYMMETRY: return parse_symmetry(arg, o);
	default: o->symmetry = DLX_SUDOKU_SYM_ROTATE180; return 0;
	}
}

/* Takes one option from getopt_long; returns as the parse_X functions, or CLI_OPTION_EXIT. */
static int take_puzzle_option(int c, const char *arg, struct puzzle_options *o, struct requests *rq)
{
	switch (c) {
	case 'c': o->count = true; return 0;
	case 'u': rq->unique = true; return 0;
	case 'a': rq->all = true; return 0;
	case 's': o->stats = true; return 0;
	case 'q': o->quiet = true; return 0;
	case OPT_GRADE: rq->grade = true; return 0;
	case OPT_CANDIDATES: rq->candidates = true; return 0;
	case OPT_EXPLAIN: case OPT_HINT: case OPT_RATE:
		rq->logic += 1;
		rq->logic_mode = c == OPT_EXPLAIN ? MODE_EXPLAIN : c == OPT_HINT ? MODE_HINT : MODE_RATE;
		return 0;
	case OPT_SCORE: return parse_score(arg, rq);
	case 'f': return parse_format(arg, o, rq);
	case 'A': return parse_alphabet(arg, o);
	case 'o': return parse_output(arg, o);
	case OPT_PER_PAGE: return parse_per_page(arg, o);
	case OPT_VARIANT: return parse_variant(arg, o) ? 0 : CLI_EXIT_USAGE;
	case OPT_REGIONS:
		o->regions_file = arg;
		o->jigsaw = true;
		return 0;
	case OPT_PARITY: o->parity_file = arg; return 0;
	case OPT_CAGES: o->cages_file = arg; return 0;
	case OPT_GRID: o->grid_file = arg; return 0;
	case OPT_CHECKPOINT: o->checkpoint = arg; return 0;
	case OPT_RESUME: o->resume = arg; return 0;
	/* "-" is standard output, as for dlx -o (it made a file named "-"). */
	case OPT_OUTPUT_FILE: o->output_file = strcmp(arg, "-") == 0 ? NULL : arg; return 0;
	case OPT_ENGINE:
		if (strcmp(arg, "dlx") == 0)
			o->engine = DLX_SUDOKU_ENGINE_DLX;
		else if (strcmp(arg, "sat") == 0)
			o->engine = DLX_SUDOKU_ENGINE_SAT;
		else if (strcmp(arg, "auto") == 0)
			o->engine = DLX_SUDOKU_ENGINE_AUTO;
		else if (strcmp(arg, "local") == 0)
			o->engine = DLX_SUDOKU_ENGINE_LOCAL;
		else
			return cli_usage_error(&puzzle_program, "--engine takes dlx, sat, local or auto");
		return 0;
	case OPT_CHECKPOINT_EVERY:
		if (!cli_parse_seconds(arg, &o->checkpoint_every) || o->checkpoint_every <= 0)
			return cli_usage_error(&puzzle_program, "--checkpoint-every needs a positive number of seconds");
		return 0;
	case OPT_PRINT_CAGES:
		if (strcmp(arg, "map") == 0)
			o->print_cages = PRINT_CAGES_MAP;
		else if (strcmp(arg, "line") == 0)
			o->print_cages = PRINT_CAGES_LINE;
		else
			return cli_usage_error(&puzzle_program, "--print-cages takes map or line");
		return 0;
	case OPT_GENERATE: return parse_generate(arg, o, rq);
	case OPT_RATING: return parse_rating(arg, o, rq);
	case OPT_DIFFICULTY: return parse_difficulty(arg, o, rq);
	case OPT_TRIES: return parse_tries(arg, o, rq);
	case OPT_BOX: return parse_box(arg, o);
	case OPT_SIZE: case OPT_SEED: case OPT_CLUES: case OPT_MINIMAL: case OPT_SYMMETRIC: case OPT_SYMMETRY:
		return take_generate_option(c, arg, o, rq);
	default: return cli_parse_option(&puzzle_program, c, arg, &o->cli);
	}
}

/* The first pair of options that exclude each other, or NULL. */
static const char *clash(const struct puzzle_options *o, const struct requests *rq, bool have_file)
{
	bool count = o->count, unique = rq->unique, all = rq->all, score = rq->score, grade = rq->grade;
	if (rq->logic > 1 || (rq->logic && (count || unique || all || score || grade || rq->candidates || rq->generate ||
		o->cli.limit || o->svg)))
		return "--explain, --hint and --rate exclude each other and the other modes, --generate, --limit and "
			"--output svg";
	/* They print steps or ratings, not boards, and search by their own rules: these would change nothing. */
	if (rq->logic && (o->have_output || o->cli.node_limit || o->cli.propagate))
		return "--explain, --hint and --rate print steps and ratings by their own rules: not with --output, "
			"--node-limit or --propagate";
	if (rq->generate && (count || unique || all || score || grade || o->cli.limit || rq->candidates))
		return "--generate cannot be combined with --count, --unique, --all, --score, --grade, --candidates or --limit";
	if (rq->candidates && (count || unique || all || score || grade || o->cli.limit))
		return "--candidates cannot be combined with --count, --unique, --all, --score, --grade or --limit";
	if (rq->generate && (rq->have_format || o->cli.parts))
		return "--generate reads no input: --format and --part do not apply";
	if (rq->generate && have_file)
		return "--generate reads no input file";
	if (rq->gen_only && !rq->generate)
		return "--size, --seed, --clues, --minimal, --symmetry and --symmetric need --generate";
	if (rq->rating && rq->difficulty)
		return "--rating and --difficulty exclude each other";
	if ((o->rated || rq->tries) && !rq->generate)
		return "--rating, --difficulty and --tries need --generate";
	if (rq->tries && !o->rated)
		return "--tries needs --rating or --difficulty";
	if (o->rated && o->grid_file)
		return "--rating and --difficulty make classic 9x9 sudoku only: not with --grid";
	if (rq->minimal && o->clues)
		return "--minimal and --clues exclude each other";
	if (rq->generate && o->cages_file)
		return "--generate makes no puzzles of givens on cages: --cages does not apply "
			"(--variant killer makes killer puzzles)";
	if (rq->generate && o->killer && o->parity_file)
		return "--generate with --variant killer makes killer puzzles without parity marks: --parity does not apply";
	if (rq->generate && o->killer && (o->clues || rq->minimal || o->symmetry))
		return "--generate with --variant killer makes puzzles without givens: --clues, --minimal and --symmetry do not apply";
	if (o->killer && o->cages_file)
		return "--variant killer reads its cages from the input: --cages gives cages to puzzles of givens";
	if (o->killer && o->jigsaw && !o->regions_file)
		return "--variant killer with jigsaw needs --regions FILE: the input holds the cages";
	if (o->print_cages && !o->cages_file && !o->killer)
		return "--print-cages needs --cages FILE or --variant killer";
	if (o->print_cages && have_file && !o->killer)
		return "--print-cages reads no input file";
	if (rq->generate && o->jigsaw && !o->regions_file)
		return "--generate with --variant jigsaw needs --regions FILE";
	if (grade && (count || unique || all || score))
		return "--grade cannot be combined with --count, --unique, --all or --score";
	if (score && (count || unique || all))
		return "--score cannot be combined with --count, --unique or --all";
	if (unique && (all || count))
		return "--unique cannot be combined with --all or --count";
	if (o->cli.limit && (unique || grade || score))
		return "--limit goes with --count, --all or the first solutions: not with --unique, --grade or --score";
	if (o->svg && (count || unique || all || score || grade || rq->candidates || o->cli.limit > 1))
		return "--output svg and pdf draw puzzles and their first solutions: not with --count, --unique, --all, "
			"--score, --grade, --candidates or --limit above 1";
	if (o->per_page && !o->svg)
		return "--per-page needs --output svg or pdf";
	return NULL;
}

/*
 * What --checkpoint and --resume work with: the count of a lone puzzle
 * (its search saved, in one thread: solve_puzzles() refuses --threads
 * above 1 then) or a run of puzzles read (its place in the input saved;
 * the answers must go to --output-file, unless --quiet); 0 or a usage
 * error's status.
 */
static int check_checkpoint(struct puzzle_options *o)
{
	if (!o->checkpoint && !o->resume) {
		if (o->checkpoint_every > 0)
			return cli_usage_error(&puzzle_program, "--checkpoint-every needs --checkpoint or --resume");
		return 0;
	}
	if (o->generate || o->grid_file || o->svg)
		return cli_usage_error(&puzzle_program, "--checkpoint and --resume save a run of puzzles read, or a "
				       "lone puzzle's count: not with --generate, --grid or --output svg or pdf");
	if (!o->checkpoint)
		o->checkpoint = o->resume;
	if (o->checkpoint_every <= 0)
		o->checkpoint_every = CLI_CHECKPOINT_EVERY;
	/* A fresh run must not overwrite the state of another one. */
	if (!o->resume && access(o->checkpoint, F_OK) == 0) {
		fprintf(stderr, "dlx-sudoku: %s exists: go on with --resume %s, or remove it to start afresh\n",
			o->checkpoint, o->checkpoint);
		return CLI_EXIT_USAGE;
	}
	return 0;
}

/* --engine sat and local: the modes they answer, and a build that has CaDiCaL. */
static int check_engine(const struct puzzle_options *o)
{
	if (o->engine == DLX_SUDOKU_ENGINE_LOCAL) {
		if (o->generate || o->mode != MODE_SOLVE || o->grid_file || o->cli.propagate || o->checkpoint || o->resume)
			return cli_usage_error(&puzzle_program, "--engine local answers the first solution only: not --unique, "
					       "--count, --all, --generate, --score, --grade, --candidates, --explain, --hint, "
					       "--rate, --grid, --propagate, --checkpoint or --resume");
		return 0;
	}
	if (o->engine != DLX_SUDOKU_ENGINE_SAT)
		return 0;
	bool mode_ok = o->mode == MODE_SOLVE || o->mode == MODE_UNIQUE || o->mode == MODE_COUNT || o->mode == MODE_ALL;
	if (o->generate || !mode_ok || o->grid_file || o->cli.propagate || o->checkpoint || o->resume)
		return cli_usage_error(&puzzle_program, "--engine sat answers the first solution, --unique, --count, --all "
				       "and --limit: not --generate, --score, --grade, --candidates, --explain, --hint, "
				       "--rate, --grid, --propagate, --checkpoint or --resume");
	if (!dlx_sat_available()) {
		fprintf(stderr, "dlx-sudoku: --engine sat: %s\n", dlx_sat_error());
		return CLI_EXIT_USAGE;
	}
	return 0;
}

int parse_puzzle_options(int argc, char **argv, struct puzzle_options *o)
{
	struct requests rq = { 0 };
	o->engine = DLX_SUDOKU_ENGINE_AUTO;
	int c;
	while ((c = getopt_long(argc, argv, "cl:uaf:A:o:sqt:p:hV", longopts, NULL)) != -1) {
		rq.arg_separate = optarg && optind > 1 && optarg == argv[optind - 1];
		int r = take_puzzle_option(c, optarg, o, &rq);
		if (r)
			return r;
	}
	const char *why = clash(o, &rq, optind < argc || rq.score_file);
	if (why)
		return cli_usage_error(&puzzle_program, why);
	o->generate = rq.generate;
	/* As in dlx: --limit N > 1 alone prints the first N solutions, as --all would. */
	bool all = rq.all || (o->cli.limit > 1 && !o->count);
	o->mode = rq.logic ? rq.logic_mode : rq.candidates ? MODE_CANDIDATES : rq.grade ? MODE_GRADE : rq.score ? MODE_SCORE : rq.unique ? MODE_UNIQUE
		: all ? MODE_ALL : o->count ? MODE_COUNT : MODE_SOLVE;
	int r = cli_parse_file(&puzzle_program, argc, argv, &o->file);
	if (r)
		return r;
	if (rq.score_file) {
		if (optind < argc)
			return cli_usage_error(&puzzle_program, "more than one input file");
		o->file = rq.score_file;
	}
	if (o->killer && !o->generate)
		o->cages_file = o->file;
	r = check_checkpoint(o);
	if (r)
		return r;
	r = check_engine(o);
	if (r)
		return r;
	o->threads_given = o->cli.threads != 0;
	if (!o->cli.threads)
		o->cli.threads = cli_usable_cores();
	if (o->pdf && !o->per_page)
		o->per_page = 1;
	return 0;
}
