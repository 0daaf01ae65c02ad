/**
 * @file dlx-sudoku-grid.h
 * @brief General sudoku boards: any cells, any units (samurai, twin,
 * butterfly, boards with holes), on the dlx exact-cover engine.
 *
 * A grid lives in a bounding box of R rows and C columns; some of its
 * positions are cells, the others holes.  N symbols (1..N) go into the
 * cells, one each.  A unit is a set of cells that must hold every symbol
 * exactly once (it then has N cells), or each symbol at most once (at most
 * N cells).  Samurai is 5 overlapping 9x9 sudokus in a 21x21 box: 369
 * cells, 135 units.
 *
 * The exact cover: each cell is a primary item, "unit u has d" is a primary
 * item for an exactly-once unit and a secondary one for an at-most-once
 * unit; option (cell k, d) covers cell k and "u has d" for each unit u of
 * the cell, and is option number k·N + d − 1, cells numbered 0.. in
 * row-major order of the box.  The solver builds this matrix once; every
 * puzzle forces its givens and releases them, as dlx_sudoku_solve() does.
 *
 * Boards are arrays of R·C bytes in row-major order of the box (position
 * (r, c) at r·C + c): 0 for a blank cell or a hole, 1..N a symbol.
 *
 * Like the rest of libdlx-sudoku, this never prints, exits or keeps global
 * state; the #dlx_error_info of its failures has line 0.  A solver is not
 * thread-safe; distinct solvers may be used concurrently.
 */
#ifndef DLX_SUDOKU_GRID_H
#define DLX_SUDOKU_GRID_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dlx-export.h"
#include "dlx-sudoku.h"
#include "dlx.h"

#ifdef __cplusplus
extern "C" {
#endif

/** Largest number of rows or columns of a grid's box. */
#define DLX_SUDOKU_GRID_MAX_SIDE 255u
/** Largest number of symbols (as #DLX_SUDOKU_MAX_SIDE). */
#define DLX_SUDOKU_GRID_MAX_SYMBOLS 100u
/**
 * Largest cells × symbols (the options): 10^6, as a 100x100 sudoku, so the
 * matrix stays within about 100 MB whatever the units.
 */
#define DLX_SUDOKU_GRID_MAX_OPTIONS 1000000u
/** Largest number of units a cell may belong to. */
#define DLX_SUDOKU_GRID_MAX_CELL_UNITS 64u

/** A unit's rule: every symbol exactly once. */
#define DLX_SUDOKU_GRID_ONCE 0u
/** A unit's rule: every symbol at most once. */
#define DLX_SUDOKU_GRID_AT_MOST 1u

/** One unit of a grid. */
typedef struct dlx_sudoku_grid_unit {
	const uint32_t *cells; /**< positions r·C + c in the box, each a cell, none twice */
	uint32_t n_cells;      /**< N for #DLX_SUDOKU_GRID_ONCE, 1..N for #DLX_SUDOKU_GRID_AT_MOST */
	unsigned rule;         /**< #DLX_SUDOKU_GRID_ONCE or #DLX_SUDOKU_GRID_AT_MOST */
} dlx_sudoku_grid_unit;

/** A grid's description, for dlx_sudoku_grid_new().  Everything is copied. */
typedef struct dlx_sudoku_grid_desc {
	unsigned rows, cols;   /**< the box, 1..#DLX_SUDOKU_GRID_MAX_SIDE each */
	unsigned symbols;      /**< N, 2..#DLX_SUDOKU_GRID_MAX_SYMBOLS */
	const uint8_t *cells;  /**< rows·cols bytes, non-zero for a cell; NULL: the cells
	                            are the positions some unit holds */
	const dlx_sudoku_grid_unit *units;
	size_t n_units;
} dlx_sudoku_grid_desc;

/** A solver for one grid (opaque). */
typedef struct dlx_sudoku_grid dlx_sudoku_grid;

/**
 * Creates a solver for a grid.
 *
 * @param desc the grid, copied
 * @param out  on success a new solver owned by the caller
 *             (dlx_sudoku_grid_free()), else set to NULL
 * @param err  why the grid was refused (may be NULL): "the grid has no
 *             cells", "unit 3 holds r2c5, a hole", "unit 3 holds r2c5
 *             twice", "unit 3 has 8 cells, not 9", "r4c4 is in more than
 *             64 units"; empty for the other errors and on success
 * @return #DLX_OK; #DLX_ERR_INVALID for a NULL argument, sizes out of range
 *         and the errors above; #DLX_ERR_TOO_BIG when cells × symbols passes
 *         #DLX_SUDOKU_GRID_MAX_OPTIONS; #DLX_ERR_NOMEM.
 * Complexity: O(R·C + cells·N·units of a cell + the units' cells).
 */
DLX_API int dlx_sudoku_grid_new(const dlx_sudoku_grid_desc *desc, dlx_sudoku_grid **out, dlx_error_info *err);

/** Frees a solver.  NULL is a no-op. */
DLX_API void dlx_sudoku_grid_free(dlx_sudoku_grid *g);

/** The rows R of the box; 0 for NULL. */
DLX_API unsigned dlx_sudoku_grid_rows(const dlx_sudoku_grid *g);
/** The columns C of the box; 0 for NULL. */
DLX_API unsigned dlx_sudoku_grid_cols(const dlx_sudoku_grid *g);
/** The number of symbols N; 0 for NULL. */
DLX_API unsigned dlx_sudoku_grid_symbols(const dlx_sudoku_grid *g);
/** The number of cells; 0 for NULL. */
DLX_API size_t dlx_sudoku_grid_cells(const dlx_sudoku_grid *g);
/** Whether position r·C + c of the box is a cell (false out of range or for NULL). */
DLX_API bool dlx_sudoku_grid_is_cell(const dlx_sudoku_grid *g, size_t pos);
/**
 * The exact-cover problem, owned by the solver (see the file's comment for
 * its layout).  For inspection and tests; do not add or force options on it.
 */
DLX_API const dlx_problem *dlx_sudoku_grid_problem(const dlx_sudoku_grid *g);

/**
 * Checks givens without searching: every value is 0..N, holes are 0, and no
 * unit holds a symbol twice.
 *
 * @param givens R·C bytes
 * @param res    receives the conflict on #DLX_ERR_CONFLICT (may be NULL)
 * @param err    why (may be NULL): "r1c10 is a hole, but holds 3", "r9c9
 *               holds 10, more than 9", "r1c1 and r1c5 both hold 3 in
 *               r1c1-r1c9" (a unit that fills a rectangle is named by it,
 *               others "unit K", 1-based in the description's order)
 * @return #DLX_OK; #DLX_ERR_INVALID for a value out of range, a given in a
 *         hole or a NULL argument; #DLX_ERR_CONFLICT for a clash.
 * Complexity: O(R·C + the units' cells); allocates nothing.
 */
DLX_API int dlx_sudoku_grid_check(dlx_sudoku_grid *g, const uint8_t *givens, dlx_sudoku_result *res,
	dlx_error_info *err);

/**
 * Solves a puzzle on the grid, as dlx_sudoku_solve() does on a sudoku:
 * checks the givens, forces them, searches with the params' limits and
 * callback (the callback's board is R·C bytes, 0 in the holes), releases
 * them.
 *
 * @param solution if not NULL, receives the first solution (R·C bytes)
 * @return as dlx_sudoku_solve(): #DLX_OK also for no solution or a search
 *         stopped early (res->stats); #DLX_ERR_CONFLICT and
 *         #DLX_ERR_INVALID for bad givens; #DLX_ERR_NOMEM; #DLX_ERR_OVERFLOW.
 * Complexity: that of the search; O(R·C + the units' cells) besides.
 */
DLX_API int dlx_sudoku_grid_solve(dlx_sudoku_grid *g, const uint8_t *givens, const dlx_sudoku_params *params,
	uint8_t *solution, dlx_sudoku_result *res, dlx_error_info *err);

/**
 * Makes a puzzle with exactly one solution: a full board found by a search
 * in an order of options drawn from the seed (dlx_shuffle_options(); a
 * search that takes more than a budget of nodes, 64 per cell at first and
 * doubled every other time, is given up for another order, up to 24
 * times, and the last one runs to the node limit), then, in an order
 * of the cells drawn from the seed, each given taken away unless the board
 * would then have more than one solution (a search for two), until
 * @p clues givens are left or none can go (a minimal puzzle).  The same
 * seed gives the same puzzle on every machine.
 *
 * @param seed    which puzzle
 * @param clues   stop at this many givens; 0: minimal
 * @param params  node_limit caps the full board's search and each check (a
 *                given whose check is cut short stays); on_poll and
 *                poll_ctx are used; the rest is ignored.  May be NULL.
 * @param puzzle  receives the puzzle (R·C bytes)
 * @param solution receives its solution (may be NULL)
 * @param stats   receives the nodes of all its searches (may be NULL);
 *                stats->stop is #DLX_STOP_COMPLETE, or why the last search
 *                stopped when no full board was found or a poll stopped it
 * @return #DLX_OK with a puzzle; #DLX_ERR_INVALID for a NULL argument;
 *         #DLX_ERR_CONFLICT when the grid has no full board (puzzle
 *         untouched); #DLX_ERR_STATE when the limits stopped the search for
 *         the full board or a poll stopped the run (puzzle untouched);
 *         #DLX_ERR_NOMEM.
 * Complexity: one search per cell, each exponential in the worst case.
 */
DLX_API int dlx_sudoku_grid_generate(dlx_sudoku_grid *g, uint64_t seed, size_t clues,
	const dlx_sudoku_params *params, uint8_t *puzzle, uint8_t *solution, dlx_stats *stats);

#ifdef __cplusplus
}
#endif

#endif /* DLX_SUDOKU_GRID_H */
