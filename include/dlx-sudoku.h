/**
 * @file dlx-sudoku.h
 * @brief Sudoku on the dlx exact-cover engine: any n²×n² board.
 *
 * A board of box size n has side N = n² and N² cells; digits are 1..N and 0
 * is a blank.  Boards are arrays of N² bytes in row-major order (cell
 * (r, c) at index r·N + c), so N may be at most 255; #DLX_SUDOKU_MAX_BOX
 * keeps the matrix to a size that fits in memory.
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
 *       uint8_t solution[81];
 *       sp.limit = 2;                       // uniqueness check
 *       int rc = dlx_sudoku_solve(s, givens, &sp, solution, &res);
 *       // rc == DLX_OK: res.stats.solutions is 0, 1 or 2
 *       // rc == DLX_ERR_CONFLICT: res.message says which givens clash
 *       dlx_sudoku_free(s);
 *   }
 * @endcode
 *
 * Like the core, this layer never prints, exits or keeps global state.  A
 * solver is not thread-safe; distinct solvers may be used concurrently.
 */
#ifndef DLX_SUDOKU_H
#define DLX_SUDOKU_H

#include <stddef.h>
#include <stdint.h>

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
int dlx_sudoku_new(unsigned box, dlx_sudoku **out);

/** Frees a solver. NULL is a no-op. */
void dlx_sudoku_free(dlx_sudoku *s);

/** The box size n given to dlx_sudoku_new(). */
unsigned dlx_sudoku_box(const dlx_sudoku *s);

/** The side N = n² (also the largest digit). */
unsigned dlx_sudoku_side(const dlx_sudoku *s);

/** The number of cells N². */
size_t dlx_sudoku_cells(const dlx_sudoku *s);

/**
 * The underlying exact-cover problem, owned by the solver: 4·N² primary
 * items (cells, then row-digit, column-digit and box-digit pairs) and N³
 * options, option (r·N + c)·N + (d − 1) being "cell (r, c) holds d".
 * For inspection and tests; do not add or force options on it.
 */
const dlx_problem *dlx_sudoku_problem(const dlx_sudoku *s);

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

/** The outcome of dlx_sudoku_solve(). */
typedef struct dlx_sudoku_result {
	dlx_stats stats;     /**< solutions, nodes, updates, why the search stopped */
	dlx_sudoku_conflict conflict; /**< set when #DLX_ERR_CONFLICT is returned */
	char message[96];    /**< why the givens were refused, e.g. "r1c1 and r1c5 both hold 3"
	                          (1-based, digits in decimal); empty on success */
} dlx_sudoku_result;

/**
 * Checks the givens of a board without searching: every digit is 0..N and
 * no two equal digits share a row, column or box.
 *
 * @param givens N² bytes, 0 for a blank
 * @param res    receives the conflict and a message on failure (may be NULL)
 * @return #DLX_OK; #DLX_ERR_INVALID for a digit above N (message names the
 *         cell) or a NULL argument; #DLX_ERR_CONFLICT for two equal digits
 *         in one unit: the pair found first in row-major order of the second cell.
 * Complexity: O(N²); allocates nothing.
 */
int dlx_sudoku_check(dlx_sudoku *s, const uint8_t *givens, dlx_sudoku_result *res);

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
 * @return #DLX_OK, also for an unsolvable puzzle or a search stopped early
 *         (see res->stats.solutions and res->stats.stop);
 *         #DLX_ERR_CONFLICT or #DLX_ERR_INVALID for bad givens (no search was
 *         made, res->stats.solutions is 0); #DLX_ERR_NOMEM; #DLX_ERR_OVERFLOW.
 * Complexity: exponential in the worst case; O(N²) beyond the search itself.
 */
int dlx_sudoku_solve(dlx_sudoku *s, const uint8_t *givens, const dlx_sudoku_params *params,
	uint8_t *solution, dlx_sudoku_result *res);

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
int64_t dlx_sudoku_target_score(unsigned side, const uint8_t *board);

#ifdef __cplusplus
}
#endif

#endif /* DLX_SUDOKU_H */
