/**
 * @file dlx-sudoku.h
 * @brief Sudoku on the dlx exact-cover engine: any n²×n² board, and any
 * board of R×C boxes.
 *
 * A board of box size n has side N = n² and N² cells; one of boxes of R
 * rows and C columns (dlx_sudoku_new_board(): 6x6 with 2x3 boxes, 12x12 with
 * 3x4) has side N = R·C.  Digits are 1..N and 0 is a blank.  Boards are
 * arrays of N² bytes in row-major order (cell (r, c) at index r·N + c), so N
 * may be at most 255; #DLX_SUDOKU_MAX_BOX and #DLX_SUDOKU_MAX_SIDE keep the
 * matrix to a size that fits in memory.
 *
 * The encoding: option (r, c, d) covers four of the 4·N² items: cell (r, c)
 * is filled, row r has d, column c has d, box b has d.  A solver object
 * builds this matrix once for its box size; every puzzle solved with it
 * forces its givens with dlx_force_option() and releases them after the
 * search, so solving a puzzle allocates nothing but what dlx_search() does.
 *
 * Usage:
 * @code
 *   dlx_sudoku *s;
 *   if (dlx_sudoku_new(3, &s) == DLX_OK) {
 *       dlx_sudoku_params sp = DLX_SUDOKU_PARAMS_INIT;
 *       dlx_sudoku_result res;
 *       dlx_error_info err;
 *       uint8_t solution[81];
 *       sp.limit = 2;                       // uniqueness check
 *       int rc = dlx_sudoku_solve(s, givens, &sp, solution, &res, &err);
 *       // rc == DLX_OK: res.stats.solutions is 0, 1 or 2
 *       // rc == DLX_ERR_CONFLICT: err.message says which givens clash
 *       dlx_sudoku_free(s);
 *   }
 * @endcode
 *
 * Variants add units, each of which must also hold every digit once: each is
 * N more items "unit u has d", and the options of its cells cover them too.
 * Nothing else changes, so the same search solves them (dlx_sudoku_new_shape()):
 *  - X (#DLX_SUDOKU_X): both main diagonals;
 *  - windoku (#DLX_SUDOKU_WINDOKU): (n−1)² extra n×n windows, one cell apart
 *    from each other and from the edges (the four shaded boxes of a 9x9);
 *    with R×C boxes, windows of R×C cells placed the same way;
 *  - jigsaw: a region map of N regions of N cells replaces the boxes;
 *  - disjoint groups (#DLX_SUDOKU_DISJOINT): the cells at one place of
 *    their boxes.
 * Constraints between two cells are secondary items instead, covered by the
 * options that may not meet (at most one of them is chosen):
 *  - anti-knight (#DLX_SUDOKU_ANTI_KNIGHT), anti-king (#DLX_SUDOKU_ANTI_KING):
 *    no digit twice a knight's or a king's move apart;
 *  - non-consecutive (#DLX_SUDOKU_NONCONSECUTIVE): no digits one apart side
 *    by side.
 * They all combine, with each other and on a jigsaw map.  The givens check
 * names each kind of clash: "... on the main diagonal", "... in window 2",
 * "... in disjoint group 5", "r1c1 and r2c3 both hold 5, a knight's move
 * apart", "r4c4 holds 3 and r4c5 holds 4, side by side".
 *
 * Like the core, this layer never prints, exits or keeps global state; the
 * #dlx_error_info of its failures is about no input line (line 0).  A
 * solver is not thread-safe; distinct solvers may be used concurrently.
 */
#ifndef DLX_SUDOKU_H
#define DLX_SUDOKU_H

#include <stddef.h>
#include <stdint.h>

#include "dlx-export.h"
#include "dlx.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Smallest box size: 4x4 boards. */
#define DLX_SUDOKU_MIN_BOX 2u
/**
 * Largest box size: 100x100 boards, 10^6 options, about 60 MB of matrix.
 * Bigger boards would still fit the core's 2^31 node limit up to n = 27,
 * but need gigabytes, so they are refused rather than thrashing.
 */
#define DLX_SUDOKU_MAX_BOX 10u
/** Largest side of a board of R×C boxes (R·C ≤ 100), for the same reason. */
#define DLX_SUDOKU_MAX_SIDE 100u

/** A sudoku solver for one box size (opaque). */
typedef struct dlx_sudoku dlx_sudoku;

/**
 * Creates a solver for boards of box size @p box (side box², box² × box² cells).
 *
 * @param out on success a new solver owned by the caller (dlx_sudoku_free()),
 *            else set to NULL
 * @return #DLX_OK; #DLX_ERR_INVALID if out is NULL or box < #DLX_SUDOKU_MIN_BOX;
 *         #DLX_ERR_TOO_BIG if box > #DLX_SUDOKU_MAX_BOX; #DLX_ERR_NOMEM.
 * Complexity: O(box^6) time and memory (the N³ options of 4 items each).
 */
DLX_API int dlx_sudoku_new(unsigned box, dlx_sudoku **out);

/** Variant flag: both main diagonals hold every digit once (X-sudoku). */
#define DLX_SUDOKU_X 1u
/**
 * Variant flag: windoku, also called hyper sudoku.  (n−1)² windows of n×n
 * cells, whose top-left cells are at rows and columns 1 + k·(n+1) for
 * k = 0..n−2 (0-based), hold every digit once: on 9x9 the four boxes with
 * corners r2c2, r2c6, r6c2 and r6c6.  With R×C boxes (N = R·C) the windows
 * are R×C too, their top rows at 1 + k·(R+1) and left columns at 1 + j·(C+1),
 * as many as leave at least one row (column) below (right of) the last:
 * one window at r2c2-r3c4 on 6x6 with 2x3 boxes, four on 12x12 with 3x4.
 */
#define DLX_SUDOKU_WINDOKU 2u
/**
 * Variant flag: disjoint groups.  N more units: group p holds the cells at
 * place p of their boxes (row r mod R, column c mod C of the box), so each
 * box's top-left cells together hold every digit once, and so on.  With a
 * jigsaw map the groups still follow the boxes of the board's shape.
 */
#define DLX_SUDOKU_DISJOINT 4u
/**
 * Variant flag: anti-knight.  Two cells a knight's move apart (one row and
 * two columns, or two rows and one column) never hold the same digit.
 * Not a unit: each such pair of cells in different regions gets N secondary
 * items "the pair holds d", covered by the options (a, d) and (b, d), so at
 * most one of them is chosen.
 */
#define DLX_SUDOKU_ANTI_KNIGHT 8u
/**
 * Variant flag: anti-king.  Diagonal neighbours never hold the same digit
 * (the other neighbours share a row or column already); encoded as
 * #DLX_SUDOKU_ANTI_KNIGHT is, for the diagonal pairs in different regions.
 */
#define DLX_SUDOKU_ANTI_KING 16u
/**
 * Variant flag: non-consecutive.  Orthogonal neighbours never hold digits
 * one apart.  Each neighbour pair gets N − 1 secondary items, item i being
 * "the pair holds i and i + 1"; the option (a, d) covers items d − 1 and d
 * of each of its pairs (those that exist), so (a, d) and (b, d ± 1) exclude
 * each other.
 */
#define DLX_SUDOKU_NONCONSECUTIVE 32u

/** The board of a variant solver.  Start from #DLX_SUDOKU_SHAPE_INIT. */
typedef struct dlx_sudoku_shape {
	unsigned box;           /**< box size n: the side is N = n² */
	unsigned flags;         /**< variant flags (#DLX_SUDOKU_X, #DLX_SUDOKU_WINDOKU,
	                             #DLX_SUDOKU_DISJOINT, #DLX_SUDOKU_ANTI_KNIGHT,
	                             #DLX_SUDOKU_ANTI_KING, #DLX_SUDOKU_NONCONSECUTIVE,
	                             combined with |), or 0 */
	const uint8_t *regions; /**< jigsaw: N² region numbers 1..N in row-major order
	                             (dlx_sudoku_check_regions()), used instead of the
	                             boxes and copied; NULL: the boxes */
} dlx_sudoku_shape;

/** A classic 9x9 board. */
#define DLX_SUDOKU_SHAPE_INIT { 3, 0, NULL }

/**
 * Checks a jigsaw region map: every cell's region is 1..N and every region
 * has exactly N cells.  Regions need not be connected.
 *
 * @param side    N
 * @param regions N² region numbers
 * @param err     why the map was refused (may be NULL), e.g. "region 3 has
 *                10 cells, not 9" or "r2c5 is in region 0, not 1-9"; empty
 *                for a NULL regions and on success
 * @return #DLX_OK; #DLX_ERR_INVALID for a bad map or a NULL regions.
 * Complexity: O(N²); allocates nothing (N ≤ 255).
 */
DLX_API int dlx_sudoku_check_regions(unsigned side, const uint8_t *regions, dlx_error_info *err);

/**
 * Creates a solver for a variant board: the classic units plus those the
 * shape asks for.  The item layout extends dlx_sudoku_problem()'s: units are
 * numbered rows 0..N−1, columns N..2N−1, boxes or regions 2N..3N−1, then
 * (with X) the main diagonal 3N and the anti-diagonal 3N+1, then the
 * windows, then the disjoint groups; item N² + u·N + d − 1 is "unit u has
 * d".  The secondary items of anti-knight, anti-king and non-consecutive
 * pairs follow the primary ones.  Options keep their numbers
 * (r·N + c)·N + d − 1 and cover the cell, then their units in that order,
 * then their pairs' secondary items.  dlx_sudoku_new(n, out) is this with
 * { n, 0, NULL }.
 *
 * @param shape   the box size, the flags and the optional region map
 * @param out     on success a new solver owned by the caller
 *                (dlx_sudoku_free()), else set to NULL
 * @param err     why the shape was refused (may be NULL): what is wrong with
 *                a bad map, as dlx_sudoku_check_regions() says; empty for
 *                the other errors, which their codes explain, and on success
 * @return #DLX_OK; #DLX_ERR_INVALID for a NULL argument, a box below
 *         #DLX_SUDOKU_MIN_BOX, an unknown flag or a bad region map;
 *         #DLX_ERR_TOO_BIG above #DLX_SUDOKU_MAX_BOX; #DLX_ERR_NOMEM.
 * Complexity: O(box^6) time and memory, as dlx_sudoku_new().
 */
DLX_API int dlx_sudoku_new_shape(const dlx_sudoku_shape *shape, dlx_sudoku **out, dlx_error_info *err);

/**
 * A board of R×C boxes, for dlx_sudoku_new_board().  Start from
 * #DLX_SUDOKU_BOARD_INIT.  Box b (0-based) holds rows R·(b div R) .. +R−1 and
 * columns C·(b mod R) .. +C−1: a band of R rows has R boxes side by side, a
 * stack of C columns C boxes on top of each other.
 */
typedef struct dlx_sudoku_board {
	unsigned box_rows;      /**< R: rows of a box, 2 or more */
	unsigned box_cols;      /**< C: columns of a box, 2 or more; side N = R·C ≤ 100 */
	unsigned flags;         /**< variant flags, as in #dlx_sudoku_shape */
	const uint8_t *regions; /**< jigsaw: N² region numbers 1..N, as in #dlx_sudoku_shape */
} dlx_sudoku_board;

/** A classic 9x9 board. */
#define DLX_SUDOKU_BOARD_INIT { 3, 3, 0, NULL }

/**
 * Creates a solver for a board of R×C boxes (rectangular or square), with
 * the variant units of its flags.  The item and option layout is that of
 * dlx_sudoku_new_shape() with N = R·C; { n, n, flags, regions } builds the
 * same matrix as the shape { n, flags, regions }.
 *
 * @param board   the box's rows and columns, the flags and the optional region map
 * @param out     on success a new solver owned by the caller
 *                (dlx_sudoku_free()), else set to NULL
 * @param err     why the board was refused (may be NULL): what is wrong with
 *                a bad map; empty for the other errors and on success
 * @return #DLX_OK; #DLX_ERR_INVALID for a NULL argument, R or C below
 *         #DLX_SUDOKU_MIN_BOX, an unknown flag or a bad region map;
 *         #DLX_ERR_TOO_BIG when R·C exceeds #DLX_SUDOKU_MAX_SIDE; #DLX_ERR_NOMEM.
 * Complexity: O(N³) time and memory.
 */
DLX_API int dlx_sudoku_new_board(const dlx_sudoku_board *board, dlx_sudoku **out, dlx_error_info *err);

/**
 * @name Even/odd cells and killer cages
 * Cell conditions that are not units, given to dlx_sudoku_new_extras():
 *  - parity: a cell marked odd or even has no options of the other parity
 *    (they are left out of the matrix);
 *  - cages: sets of cells whose digits differ (the killer rule), and, for a
 *    cage with a sum, add up to it.  Cage k's cells cover N secondary items
 *    "cage k uses d", which makes them distinct.  A cage with a sum also has
 *    a primary item, whose options are the cage's admissible digit sets D
 *    (as many distinct digits as the cage has cells, summing to its sum);
 *    such an option gives N secondary items "cage k has d" the color 2 for
 *    d in D and 1 otherwise, and a cell option (cell, d) of the cage gives
 *    "cage k has d" the color 2: the cells then take exactly the digits of
 *    the chosen set.
 * @{
 */

/** Parity of a cell: any digit. */
#define DLX_SUDOKU_PARITY_ANY 0u
/** Parity of a cell: odd digits only. */
#define DLX_SUDOKU_PARITY_ODD 1u
/** Parity of a cell: even digits only. */
#define DLX_SUDOKU_PARITY_EVEN 2u

/**
 * Largest number of nodes the options of all the cages' digit sets may
 * take together, N + 1 a set: 2·10^6 sets on 9x9 (where no cage has more
 * than 126), 198,019 on 100x100, about 240 MB of matrix.
 */
#define DLX_SUDOKU_MAX_CAGE_NODES 20000000u

/** Parity and cages of a board (dlx_sudoku_new_extras()).  Start from #DLX_SUDOKU_EXTRAS_INIT. */
typedef struct dlx_sudoku_extras {
	const uint8_t *parity; /**< N² bytes, #DLX_SUDOKU_PARITY_ANY, _ODD or _EVEN per
	                            cell in row-major order; NULL: no parity marks */
	const uint32_t *cages; /**< N² cage numbers 1..n_cages, 0 for a cell in no cage;
	                            NULL: no cages */
	const uint32_t *sums;  /**< n_cages sums, sums[k − 1] for cage k, 0 for a cage
	                            without a sum (distinct digits only); NULL: no sums */
	uint32_t n_cages;      /**< the number of cages; each must have 1 to N cells */
} dlx_sudoku_extras;

/** No parity marks, no cages. */
#define DLX_SUDOKU_EXTRAS_INIT { NULL, NULL, NULL, 0 }

/**
 * Creates a solver for a board of R×C boxes, as dlx_sudoku_new_board(),
 * with parity marks and cages.  Every mode works on it: solve, grade,
 * pencil marks (a mark of the wrong parity is dropped; cages are part of
 * the candidates' matrix), and dlx_sudoku_candidates(), whose rules then
 * respect parity and cages (a single leaves its cage; a cage with a sum
 * keeps only the digits of its digit sets that still fit its cells).
 * dlx_sudoku_generate() makes puzzles of givens with parity marks and
 * refuses solvers with cages (dlx_sudoku_generate_killer() makes those).
 *
 * The matrix is dlx_sudoku_new_board()'s with the wrong parities' options
 * left out, then one primary item per cage with a sum (after the units'),
 * the cages' secondary items (after the pairs'), and the cages' options
 * after the cells'.  Option numbers are no longer (r·N + c)·N + d − 1 when
 * a parity mark leaves options out.
 *
 * @param board   as for dlx_sudoku_new_board()
 * @param extras  the parity marks and cages, copied; NULL: none
 * @param out     on success a new solver owned by the caller, else NULL
 * @param err     why the board was refused (may be NULL): a bad region map,
 *                "r2c3 has parity 7, not 0-2", "r1c1 is in cage 40, not
 *                1-30", "cage 3 has no cells", "cage 3 has 10 cells, more
 *                than 9 digits", "cage 3: no 2 distinct digits of 1-9 sum to
 *                20"; empty for the other errors and on success
 * @return #DLX_OK; #DLX_ERR_INVALID for the errors above and those of
 *         dlx_sudoku_new_board(); #DLX_ERR_TOO_BIG when the board is, or
 *         the cages' digit sets take more than #DLX_SUDOKU_MAX_CAGE_NODES nodes in
 *         all (err says which cage passed it); #DLX_ERR_NOMEM.
 * Complexity: O(N³ + the cages' digit sets · N).
 */
DLX_API int dlx_sudoku_new_extras(const dlx_sudoku_board *board, const dlx_sudoku_extras *extras, dlx_sudoku **out,
	dlx_error_info *err);

/**
 * Checks parity marks and cages for a board of side N without building a
 * solver: what dlx_sudoku_new_extras() would refuse in them, with the same
 * messages and codes.
 *
 * @param side   N, 4..#DLX_SUDOKU_MAX_SIDE
 * @param extras the marks and cages
 * @param err    why they were refused (may be NULL); empty on success
 * @return #DLX_OK; #DLX_ERR_INVALID (also for a NULL extras or a bad side);
 *         #DLX_ERR_TOO_BIG; #DLX_ERR_NOMEM.
 * Complexity: O(N² + the cages' digit sets, up to #DLX_SUDOKU_MAX_CAGE_NODES / (N + 1)).
 */
DLX_API int dlx_sudoku_check_extras(unsigned side, const dlx_sudoku_extras *extras, dlx_error_info *err);

/**
 * The solver's parity marks and cages, its own copies (valid until
 * dlx_sudoku_free()); all NULL and 0 for a solver without them or a NULL s.
 */
DLX_API dlx_sudoku_extras dlx_sudoku_get_extras(const dlx_sudoku *s);

/** @} */

/** The rows R of the solver's boxes (n for a solver of box size n); 0 if s is NULL. */
DLX_API unsigned dlx_sudoku_box_rows(const dlx_sudoku *s);

/** The columns C of the solver's boxes; 0 if s is NULL. */
DLX_API unsigned dlx_sudoku_box_cols(const dlx_sudoku *s);

/** The variant flags given to dlx_sudoku_new_shape() (0 from dlx_sudoku_new()). */
DLX_API unsigned dlx_sudoku_flags(const dlx_sudoku *s);

/**
 * The region of every cell, N² numbers 1..N owned by the solver: the jigsaw
 * map, or the boxes numbered row-major from 1.  NULL if s is NULL.
 */
DLX_API const uint8_t *dlx_sudoku_regions(const dlx_sudoku *s);

/** Frees a solver. NULL is a no-op. */
DLX_API void dlx_sudoku_free(dlx_sudoku *s);

/**
 * The box size n given to dlx_sudoku_new() or dlx_sudoku_new_shape(), or
 * given to dlx_sudoku_new_board() as n×n boxes; 0 for rectangular boxes
 * (see dlx_sudoku_box_rows() and dlx_sudoku_box_cols()).
 */
DLX_API unsigned dlx_sudoku_box(const dlx_sudoku *s);

/** The side N = n², or R·C (also the largest digit). */
DLX_API unsigned dlx_sudoku_side(const dlx_sudoku *s);

/** The number of cells N². */
DLX_API size_t dlx_sudoku_cells(const dlx_sudoku *s);

/**
 * The underlying exact-cover problem, owned by the solver: 4·N² primary
 * items (cells, then row-digit, column-digit and box-digit pairs; a variant
 * adds N per extra unit, see dlx_sudoku_new_shape()) and N³ options, option
 * (r·N + c)·N + (d − 1) being "cell (r, c) holds d" (with parity marks
 * or cages, see dlx_sudoku_new_extras() instead).
 * For inspection and tests; do not add or force options on it.
 */
DLX_API const dlx_problem *dlx_sudoku_problem(const dlx_sudoku *s);

/**
 * Sets what the solver's searches deduce before each guess, as
 * dlx_set_propagation() does for its problem: with #DLX_PROPAGATE_SUBSUME,
 * locked candidates (a digit confined to one row or column of a box leaves
 * the rest of that line, and one confined to one box within a line leaves
 * the rest of the box; the same for every other pair of units a variant
 * adds).  The answers are the same; the node counts, and so the grades of
 * dlx_sudoku_grade(), are those of its tree, usually a smaller one.  On 9x9 puzzles the
 * plain search is faster; on large boards with few givens the rule cuts
 * the nodes by one or two orders of magnitude on many of them (BENCHMARKS.md).
 * @return as dlx_set_propagation().  Complexity: O(1).
 */
DLX_API int dlx_sudoku_set_propagation(dlx_sudoku *s, dlx_propagation mode);

/** Which engine dlx_sudoku_solve() and dlx_sudoku_solve_candidates() search with (dlx_sudoku_set_engine()). */
typedef enum dlx_sudoku_engine {
	DLX_SUDOKU_ENGINE_DLX = 0,  /**< dancing links (dlx_search()): the default */
	DLX_SUDOKU_ENGINE_SAT = 1,  /**< the SAT engine (dlx_search_sat(): CaDiCaL); threads ignored */
	/**
	 * Dancing links for boards up to #DLX_SUDOKU_AUTO_SIDE, for counts of
	 * every solution (limit 0), with propagation, or without CaDiCaL.
	 * Larger boards: dancing links within a budget of nodes, and if it
	 * runs out before the search ends, for a first solution (limit 1) of
	 * a board of boxes (not jigsaw) the local search takes, the local
	 * search and the SAT engine in turns, each turn going on where that
	 * engine's last stopped and twice as long (#DLX_SUDOKU_LOCAL_MOVES ·
	 * N³ moves and #DLX_SUDOKU_AUTO_CONFLICTS conflicts to start), until
	 * one answers: neither engine wins on every such board, and in turns
	 * each costs the other at most about its own work.  With node_limit
	 * (which bounds each engine's work in its own unit) one turn each: the
	 * local search within its moves, then the SAT engine.  Without
	 * CaDiCaL: the local search within its moves, then dancing links
	 * without the budget; other searches past the budget: the SAT engine
	 * from the start (or dancing links).  Deterministic: the turns are
	 * counted in moves and conflicts, so the same puzzle gets the same
	 * answer from the same engine on every run.
	 */
	DLX_SUDOKU_ENGINE_AUTO = 2,
	/**
	 * Local search (Lewis's method): the singles the givens force placed
	 * first, each box filled with its missing digits (each cell one of its
	 * candidates), then two free cells of a box swapped at a time until no
	 * row or column repeats a digit, starting again from a new fill when it
	 * stops improving.  Finds a first solution of a sparse large board (the
	 * empty 100x100 one in seconds) where the other engines do not finish,
	 * but answers only limit 1, tells that a puzzle has no solution only
	 * when the singles show it, or a box whose cells cannot take its
	 * missing digits (else it runs to node_limit), and slows as the
	 * givens near a third of the cells (64x64 at 30%: nine of ten puzzles
	 * in 18-150 N³ moves or 120 s; at 35% none of six in 200 N³:
	 * BENCHMARKS.md, "Auto in turns");
	 * node_limit bounds its moves (#DLX_SUDOKU_LOCAL_MOVES).  Boards
	 * of rows, columns and boxes or a jigsaw map only (on some jigsaw maps
	 * it stalls where boxes do not: a 16x16 map of box bands shifted one
	 * column per band took 2.3 million moves, past the default; auto leaves
	 * jigsaw boards to the other engines):
	 * dlx_sudoku_set_engine() refuses it for the other variants (it stalls
	 * on their extra units even on empty 16x16 boards); dlx_sudoku_solve()
	 * returns #DLX_ERR_UNSUPPORTED for another limit or with propagation,
	 * and dlx_sudoku_solve_candidates() always.  Its statistics: nodes
	 * are moves, branches fresh deals, updates 0.  Threads are ignored;
	 * the same puzzle gets the same answer on every run (a fixed seed).
	 */
	DLX_SUDOKU_ENGINE_LOCAL = 3
} dlx_sudoku_engine;

/**
 * The local search's moves per N³ (N the side) when node_limit is 0, at
 * least 1,000,000, for #DLX_SUDOKU_ENGINE_LOCAL and auto's first turn of
 * it: the empty 100x100 board took 4.1 N³ (BENCHMARKS.md, "Large boards
 * with few clues"), and a turn of 20 N³ takes about 0.4 s on 36x36, 2 s on
 * 64x64 and 9 s on 100x100.
 */
#define DLX_SUDOKU_LOCAL_MOVES 20u

/**
 * Conflicts of #DLX_SUDOKU_ENGINE_AUTO's first turn of the SAT engine when
 * it takes turns with the local search (each turn twice the last): about
 * 3.5 s on 49x49 boards, 5 s on 64x64 and 13 s on 100x100, 1.4 to 4 times
 * the local search's first turn.  Fewer cost CaDiCaL more: cut into calls
 * from 2,000 conflicts a 49x49 puzzle took it 2.2 times its time in one
 * call (BENCHMARKS.md, "Auto in turns").
 */
#define DLX_SUDOKU_AUTO_CONFLICTS 4000u

/** Largest side #DLX_SUDOKU_ENGINE_AUTO always leaves to dancing links. */
#define DLX_SUDOKU_AUTO_SIDE 25u
/**
 * #DLX_SUDOKU_ENGINE_AUTO's default budget of dancing-links nodes on larger
 * boards (see BENCHMARKS.md, "Large boards with few clues"): about a second
 * of dancing links there, so that what they answer in a second stays theirs
 * (the empty 49x49 board: 188,200 nodes, 0.2 s; the SAT engine took 42 s).
 */
#define DLX_SUDOKU_AUTO_BUDGET 1000000u

/**
 * Sets the engine of the solver's dlx_sudoku_solve() and
 * dlx_sudoku_solve_candidates() (grading and generating always use
 * dancing links).  With the SAT engine, node_limit bounds the conflicts of
 * each solver call instead of nodes, nodes and updates stay 0, polls come
 * about every 10 ms, solutions come in the solver's order, and each
 * solution costs a solver call (counting many is for dancing links).  With
 * auto, when the budget runs out, the answer is the SAT engine's alone:
 * its solutions, its statistics (the dancing links' nodes are not added);
 * when dancing links end within it and the params have an on_solution, the
 * search runs again (within the budget) to hand the callback the
 * solutions.  A user's node_limit below the budget keeps auto on dancing
 * links.
 *
 * @param budget  auto's nodes; 0 for #DLX_SUDOKU_AUTO_BUDGET
 * @return #DLX_OK; #DLX_ERR_INVALID for a NULL s or an unknown engine;
 *         #DLX_ERR_UNSUPPORTED for the SAT engine when the library was
 *         built without CaDiCaL (dlx_sat_available()), and for the local
 *         search on a board with more than rows, columns and boxes (a
 *         jigsaw map is taken).  O(1).
 */
DLX_API int dlx_sudoku_set_engine(dlx_sudoku *s, dlx_sudoku_engine engine, uint64_t budget);

/**
 * The engine that answered the solver's last dlx_sudoku_solve() or
 * dlx_sudoku_solve_candidates(): #DLX_SUDOKU_ENGINE_DLX,
 * #DLX_SUDOKU_ENGINE_SAT or #DLX_SUDOKU_ENGINE_LOCAL (auto says which
 * answered).  O(1).
 */
DLX_API dlx_sudoku_engine dlx_sudoku_last_engine(const dlx_sudoku *s);

/** Two givens that cannot both stand, 0-based coordinates. */
typedef struct dlx_sudoku_conflict {
	unsigned row1, col1; /**< the first cell in row-major order */
	unsigned row2, col2; /**< the second cell */
	unsigned digit;      /**< the digit both hold (1..N) */
} dlx_sudoku_conflict;

/**
 * Called once per solution.
 * @param ctx      the params' solution_ctx
 * @param solution the complete board (N² bytes), owned by the solver and
 *                 valid only during the call
 * @return 0 to continue the search, non-zero to stop it.
 */
typedef int (*dlx_sudoku_solution_fn)(void *ctx, const uint8_t *solution);

/** Parameters of dlx_sudoku_solve().  Start from #DLX_SUDOKU_PARAMS_INIT. */
typedef struct dlx_sudoku_params {
	uint64_t limit;       /**< stop after this many solutions; 0 = find them all */
	uint64_t node_limit;  /**< stop after this many search nodes; 0 = no limit */
	dlx_sudoku_solution_fn on_solution; /**< may be NULL */
	void *solution_ctx;
	dlx_poll_fn on_poll;  /**< as in dlx_search_params; may be NULL */
	void *poll_ctx;
	uint32_t poll_interval; /**< nodes between polls; 0 means the core's default */
	unsigned threads;     /**< > 1: search this one puzzle with that many threads, as
	                           dlx_search_split() does: solutions then come in no fixed
	                           order (on_solution is never called by two threads at a
	                           time), node_limit is approximate and poll_interval is
	                           ignored; counts stay exact.  0 or 1: the calling thread */
} dlx_sudoku_params;

/** Find every solution in the calling thread, no callbacks. */
#define DLX_SUDOKU_PARAMS_INIT { 0, 0, NULL, NULL, NULL, NULL, 0, 0 }

/** The outcome of dlx_sudoku_solve(); why it failed goes to its #dlx_error_info. */
typedef struct dlx_sudoku_result {
	dlx_stats stats;     /**< solutions, nodes, updates, why the search stopped */
	dlx_sudoku_conflict conflict; /**< set when #DLX_ERR_CONFLICT is returned */
} dlx_sudoku_result;

/**
 * Checks the givens of a board without searching: every digit is 0..N and
 * no two equal digits share a row, column or box (or another unit of the
 * solver's variant).
 *
 * @param givens N² bytes, 0 for a blank
 * @param res    receives the conflict on #DLX_ERR_CONFLICT (may be NULL)
 * @param err    why the givens were refused (may be NULL), 1-based with
 *               digits in decimal: "r9c9 holds 10, more than 9", "r1c1 and
 *               r1c5 both hold 3"; empty for a NULL argument and on success
 * @return #DLX_OK; #DLX_ERR_INVALID for a digit above N (the message names
 *         the cell) or a NULL argument; #DLX_ERR_CONFLICT for two equal digits
 *         in one unit: the pair found first in row-major order of the second cell.
 *         A variant's message names the unit when it is not a row, column or
 *         box, e.g. "r1c1 and r9c9 both hold 4 on the main diagonal",
 *         "... in window 2" or, on a jigsaw map, "... in region 5".
 * Complexity: O(N²); allocates nothing.
 */
DLX_API int dlx_sudoku_check(dlx_sudoku *s, const uint8_t *givens, dlx_sudoku_result *res, dlx_error_info *err);

/**
 * Solves a puzzle: checks the givens (as dlx_sudoku_check()), forces them,
 * searches, and releases them, leaving the solver ready for the next puzzle.
 *
 * @param s        the solver for the puzzle's box size
 * @param givens   N² bytes, 0 for a blank; not modified and may be reused
 *                 as soon as the call returns
 * @param params   limits and callback, or NULL for #DLX_SUDOKU_PARAMS_INIT
 * @param solution if not NULL, receives the first solution found (N² bytes);
 *                 left untouched when there is none.  With params->threads > 1
 *                 "first" is whichever a thread found first.
 * @param res      receives the statistics (and the conflict on
 *                 #DLX_ERR_CONFLICT); must not be NULL
 * @param err      why the givens were refused, as dlx_sudoku_check() says;
 *                 empty for the other errors and on success.  May be NULL.
 * @return #DLX_OK, also for an unsolvable puzzle or a search stopped early
 *         (see res->stats.solutions and res->stats.stop);
 *         #DLX_ERR_CONFLICT or #DLX_ERR_INVALID for bad givens (no search was
 *         made, res->stats.solutions is 0); #DLX_ERR_NOMEM; #DLX_ERR_OVERFLOW;
 *         #DLX_ERR_STATE while a puzzle is loaded (dlx_sudoku_load()).
 * Complexity: exponential in the worst case; O(N²) beyond the search itself.
 */
DLX_API int dlx_sudoku_solve(dlx_sudoku *s, const uint8_t *givens, const dlx_sudoku_params *params,
	uint8_t *solution, dlx_sudoku_result *res, dlx_error_info *err);

/**
 * Loads a puzzle for the core's own functions: checks the givens (as
 * dlx_sudoku_check()), forces their options and leaves them forced, so that
 * *problem is the puzzle's exact-cover problem until dlx_sudoku_unload().
 * For what dlx_sudoku_solve() does not offer, above all a count that can be
 * saved and resumed: dlx_search_resume() and dlx_checkpoint_save() on
 * *problem (the checkpoint's fingerprint holds the forced givens, so a
 * checkpoint of another puzzle is refused).  Solutions are lists of option
 * numbers, option (r·N + c)·N + (d − 1) being "cell (r, c) holds d" (see
 * dlx_sudoku_problem(); with parity marks or cages the options are
 * numbered otherwise: use dlx_sudoku_solve()).
 *
 * *problem is owned by the solver: search it (dlx_search(),
 * dlx_search_resume(), dlx_search_split(), dlx_estimate_tree() ...), but
 * do not add, force or release options on it, nor free it.  While a puzzle
 * is loaded, dlx_sudoku_solve() and the functions that use it (grading,
 * generating) return #DLX_ERR_STATE.
 *
 * @param s       the solver
 * @param givens  N² bytes, 0 for a blank; not kept
 * @param problem receives the solver's problem with the givens forced;
 *                NULL on failure
 * @param res     receives the conflict on #DLX_ERR_CONFLICT (may be NULL)
 * @param err     why the givens were refused, as dlx_sudoku_check() says (may be NULL)
 * @return #DLX_OK; #DLX_ERR_INVALID for a NULL argument (but res, err) or a
 *         digit above N; #DLX_ERR_CONFLICT; #DLX_ERR_STATE when a puzzle is
 *         loaded already; #DLX_ERR_NOMEM.  On failure nothing is loaded.
 * Complexity: O(N² + the givens' covers).
 */
DLX_API int dlx_sudoku_load(dlx_sudoku *s, const uint8_t *givens, dlx_problem **problem, dlx_sudoku_result *res,
	dlx_error_info *err);

/**
 * Releases the loaded puzzle's givens (dlx_sudoku_load()), leaving the
 * solver ready for the next puzzle.  Nothing happens when none is loaded or
 * s is NULL.  No search of the problem may be under way.
 * Complexity: O(the givens' covers), or a copy of the links (as
 * dlx_release_forced()).
 */
DLX_API void dlx_sudoku_unload(dlx_sudoku *s);

/**
 * Grades a puzzle by the effort of its uniqueness search: dlx_sudoku_solve()
 * with limit 2 in the calling thread.  For a puzzle with one solution that
 * search walks its whole tree: the root, one node per blank cell along the
 * solution's path, and every node it enters in the branches that fail.  The
 * grade is the number of the latter, nodes − blanks − 1, nodes being
 * dlx_stats.nodes (with killer cages, minus one more per cage with a sum,
 * whose digit set is a node of the path too).
 *
 * It is 0 when the search never enters a wrong branch: every step has an
 * item with a single option left (a cell with one candidate, or a unit with
 * one place for a digit: naked and hidden singles), or its wrong options
 * fail at once, leaving some cell or unit without options (the core does
 * not enter those nodes).  It grows with every guess whose failure shows
 * only deeper down, by the size of the subtree explored before it does.
 *
 * As the whole tree is searched, the grade depends only on the puzzle and
 * on which item the core branches on (the first with the fewest options):
 * not on the order options are tried, the machine, the run or any thread
 * count.  A change of the core's search or of what it counts as a node
 * (dlx.h) changes grades.  Grades compare puzzles of one size and variant.
 *
 * res->stats.branches counts the guesses of the same search: the nodes that
 * branched on a cell or unit with two or more candidates left.  It is 0 for
 * puzzles that singles solve; with a grade of 0 it counts the guesses whose
 * wrong candidates all failed at the first step.
 *
 * @param params node_limit, on_poll, poll_ctx and poll_interval are used;
 *               limit, threads and on_solution are ignored.  May be NULL.
 * @param grade  receives the grade when the puzzle has exactly one solution
 *               and the search completed; else left untouched
 * @param res    as for dlx_sudoku_solve(); must not be NULL
 * @param err    as for dlx_sudoku_solve(); may be NULL
 * @return as dlx_sudoku_solve().  res->stats.solutions is 0, 1 or 2.
 * Complexity: that of the search.
 */
DLX_API int dlx_sudoku_grade(dlx_sudoku *s, const uint8_t *givens, const dlx_sudoku_params *params,
	uint64_t *grade, dlx_sudoku_result *res, dlx_error_info *err);

/**
 * @name Pencil marks
 * A puzzle may be given as the candidates left in each cell instead of
 * givens ("sukaku"): N³ bytes, marks[cell·N + d − 1] non-zero when digit d
 * may stand in the cell (cell = r·N + c).  A given is a cell with one
 * candidate.
 * @{
 */

/**
 * Solves a puzzle of candidates: as dlx_sudoku_solve(), on a matrix of the
 * solver's units that holds only the options of the candidates (built for
 * the call; the solver's own matrix is left alone).
 *
 * @param marks    N³ bytes as above; not modified
 * @param err      why the marks were refused: "r3c4 has no candidate", or
 *                 two cells whose lone candidates clash, as dlx_sudoku_check()
 *                 words it for givens
 * @return as dlx_sudoku_solve(): #DLX_ERR_CONFLICT (res->conflict set; for a
 *         cell without candidates both cells are that cell and digit is 0)
 *         and no search for the refusals above; #DLX_ERR_INVALID for a NULL
 *         argument; #DLX_ERR_NOMEM; #DLX_ERR_OVERFLOW.
 * Complexity: O(N³) to build the matrix, then the search.
 */
DLX_API int dlx_sudoku_solve_candidates(dlx_sudoku *s, const uint8_t *marks, const dlx_sudoku_params *params,
	uint8_t *solution, dlx_sudoku_result *res, dlx_error_info *err);

/**
 * Grades a puzzle of candidates as dlx_sudoku_grade() grades givens: the
 * nodes of the uniqueness search off the solution's path.  No cell is forced
 * here, so the path has a node per cell: grade = nodes − N² − 1.  Marks that
 * keep only the givens' digits and all N in the blanks grade as the givens.
 * Parameters and returns as dlx_sudoku_grade() and dlx_sudoku_solve_candidates().
 */
DLX_API int dlx_sudoku_grade_candidates(dlx_sudoku *s, const uint8_t *marks, const dlx_sudoku_params *params,
	uint64_t *grade, dlx_sudoku_result *res, dlx_error_info *err);

/**
 * The pencil marks left by the givens and the forced moves: starting from
 * every digit in each blank (or from @p marks), the givens' digits leave
 * their units' other cells, and two rules are applied until neither changes
 * a mark: a cell with one candidate takes it and it leaves the cell's peers
 * (naked single), and leaves the cells linked to it (anti-knight and
 * anti-king: the digit; non-consecutive: the digits one apart) and the other
 * cells of its killer cage; a digit with one place left in a unit takes it
 * (hidden single); and a cage with a sum keeps only the digits of the digit
 * sets that give each of its cells a candidate (a set is k distinct digits
 * adding up to the sum).  A puzzle that singles solve ends with one
 * candidate per cell: without cages, exactly the puzzles whose search never
 * branches (dlx_stats.branches 0).
 *
 * @param givens N² bytes, 0 blank (may be NULL when marks is given)
 * @param marks  N³ bytes of candidates to start from (may be NULL; with both,
 *               a given keeps only its digit among its marks)
 * @param out    receives N³ bytes, 1 for a candidate left, else 0 (also on
 *               #DLX_ERR_CONFLICT from the rules: the marks as they stood)
 * @param err    why there is no solution, if the rules show it: clashing
 *               givens (as dlx_sudoku_check()), "r3c4 has no candidate left",
 *               "5 has no place left in row 2"
 * @return #DLX_OK; #DLX_ERR_CONFLICT as above; #DLX_ERR_INVALID for a NULL
 *         s or out, both inputs NULL, or a given above N; #DLX_ERR_NOMEM.
 * Complexity: O(N³ · units) per round of the rules, at most N³ rounds.
 */
DLX_API int dlx_sudoku_candidates(dlx_sudoku *s, const uint8_t *givens, const uint8_t *marks, uint8_t *out,
	dlx_error_info *err);

/** @} */

/**
 * The "target sudoku" score (NOIP 2009) of a board: the sum over all cells of
 * digit × weight, where the weight is 6 on the border and grows by one per
 * ring inwards (on 9x9: 6, 7, 8, 9 and 10 in the centre).  Blanks count 0.
 *
 * @param side  N, 4..255
 * @param board N² bytes
 * @return the score (at most 255⁴·(6 + 127) < 2^63, so it never overflows).
 * Complexity: O(N²).
 */
DLX_API int64_t dlx_sudoku_target_score(unsigned side, const uint8_t *board);

#ifdef __cplusplus
}
#endif

#endif /* DLX_SUDOKU_H */
