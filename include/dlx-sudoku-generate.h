/**
 * @file dlx-sudoku-generate.h
 * @brief Sudoku puzzles with exactly one solution, made on a dlx_sudoku solver.
 *
 * A puzzle is made in two steps, both with the solver's own searches (so any
 * board shape (square or rectangular boxes) and variant the solver handles works):
 *  1. a full board: a few random givens that break no unit, completed by a
 *     search (tried again with other givens when they lead nowhere), then
 *     its digits relabelled at random.  Classic boards of side 49 and
 *     up (box size 7 and up, or R×C boxes with R·C ≥ 49), whose near-empty boards the search cannot complete quickly, are
 *     built instead: a shifted pattern with rows, columns, bands and stacks
 *     shuffled;
 *  2. clues taken away in a random order (a whole orbit at a time when a
 *     symmetry is asked for), each removal kept only when a
 *     search with limit 2 (as dlx_sudoku_solve()) still finds exactly one
 *     solution.  One pass over every cell gives a minimal puzzle: a clue that
 *     could not go then cannot go later either, as taking clues away only
 *     adds solutions.
 * The puzzle returned is always the last one whose uniqueness search
 * completed with one solution (the full board if none did).
 *
 * Randomness comes from a PRNG of the library's own (xoshiro256**, seeded by
 * splitmix64) and integer arithmetic only: a (seed, sequence) pair gives the
 * same puzzle on every machine and run, whatever else runs.  Puzzles are
 * varied, not uniformly distributed among all puzzles.
 *
 * Like the rest of the library this never prints, exits or keeps global
 * state; it uses the solver, so one solver serves one thread at a time.
 *
 * Usage:
 * @code
 *   dlx_sudoku *s;                           // any box size or variant
 *   if (dlx_sudoku_new(3, &s) == DLX_OK) {
 *       dlx_sudoku_gen_params gp = DLX_SUDOKU_GEN_PARAMS_INIT;
 *       dlx_sudoku_gen_result res;
 *       dlx_error_info err;
 *       uint8_t puzzle[81];
 *       gp.seed = 42;
 *       int rc = dlx_sudoku_generate(s, &gp, puzzle, NULL, &res, &err);
 *       // rc == DLX_OK: puzzle has res.clues clues; res.minimal when none can go
 *       // else: err.message says why, or is empty when dlx_strerror(rc) does
 *       dlx_sudoku_free(s);
 *   }
 * @endcode
 */
#ifndef DLX_SUDOKU_GENERATE_H
#define DLX_SUDOKU_GENERATE_H

#include <stddef.h>
#include <stdint.h>

#include "dlx-export.h"
#include "dlx-sudoku-explain.h"
#include "dlx-sudoku.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * Nodes a single search of the generator may take when the params give no
 * node_limit.  It bounds the work of a puzzle: a removal whose check needs
 * more keeps its clue (the puzzle is then not shown minimal).  9x9 checks
 * take a few thousand nodes at most.
 */
#define DLX_SUDOKU_GEN_NODE_LIMIT 10000000u

/**
 * @name Symmetries of the clues (dlx_sudoku_gen_params.symmetric), as qqwing offers them.
 * Clues are then taken away a whole orbit at a time: a cell and its images.
 * @{
 */
#define DLX_SUDOKU_SYM_NONE 0u      /**< no symmetry: clues go one at a time */
#define DLX_SUDOKU_SYM_ROTATE180 1u /**< half-turn: (r, c) with (N−1−r, N−1−c) */
#define DLX_SUDOKU_SYM_ROTATE90 2u  /**< quarter-turn: the four cells (r, c), (c, N−1−r),
                                         (N−1−r, N−1−c), (N−1−c, r) */
#define DLX_SUDOKU_SYM_MIRROR 3u    /**< left-right: (r, c) with (r, N−1−c) */
#define DLX_SUDOKU_SYM_FLIP 4u      /**< top-bottom: (r, c) with (N−1−r, c) */
#define DLX_SUDOKU_SYM_RANDOM 5u    /**< one of the four above, drawn from the seed */
/** @} */

/** Parameters of dlx_sudoku_generate().  Start from #DLX_SUDOKU_GEN_PARAMS_INIT. */
typedef struct dlx_sudoku_gen_params {
	uint64_t seed;          /**< the series of puzzles */
	uint64_t sequence;      /**< which puzzle of the series: the puzzle depends only on
	                             seed, sequence, the solver's shape and the fields below */
	size_t clues;           /**< stop removing at this many clues (more if uniqueness
	                             forbids it, the puzzle being then minimal); 0: remove
	                             every clue that can go, for a minimal puzzle */
	unsigned symmetric;     /**< a DLX_SUDOKU_SYM_ value: keep that symmetry, removing a
	                             clue with its images (minimal then means no such orbit
	                             can go).  1, what any non-zero value used to mean, is
	                             the half-turn; values above #DLX_SUDOKU_SYM_RANDOM are
	                             refused */
	uint64_t node_limit;    /**< per search; 0 means #DLX_SUDOKU_GEN_NODE_LIMIT */
	dlx_poll_fn on_poll;    /**< polled before each search (so_far holds only the nodes of
	                             the puzzle so far) and during the searches; non-zero stops
	                             the making of the puzzle (a time limit, an interruption);
	                             may be NULL */
	void *poll_ctx;
	uint32_t poll_interval; /**< as in dlx_sudoku_params */
} dlx_sudoku_gen_params;

/** Seed 0, puzzle 0, minimal, not symmetric, the default node limit. */
#define DLX_SUDOKU_GEN_PARAMS_INIT { 0, 0, 0, 0, 0, NULL, NULL, 0 }

/** The outcome of dlx_sudoku_generate(). */
typedef struct dlx_sudoku_gen_result {
	size_t clues;         /**< the puzzle's clues; 0 when no puzzle was made */
	int minimal;          /**< 1 when every clue left (or symmetric pair) was tried and
	                           its removal shown to allow a second solution */
	dlx_stop_reason stop; /**< #DLX_STOP_COMPLETE; #DLX_STOP_NODE_LIMIT when some search
	                           hit the node limit (its clue was kept, or with clues == 0
	                           no full board was found); #DLX_STOP_POLL when on_poll
	                           stopped the work (the puzzle is what was reached) */
	uint64_t searches;    /**< searches made */
	uint64_t nodes;       /**< their nodes in total */
} dlx_sudoku_gen_result;

/**
 * Makes a puzzle with exactly one solution on the solver's board.
 *
 * @param s        the solver: its box size and variant are the puzzle's, and
 *                 so are its parity marks (dlx_sudoku_new_extras()): the
 *                 puzzle is unique with them, which usually takes fewer
 *                 clues; a solver with cages is refused
 * @param params   the seed and the request, or NULL for #DLX_SUDOKU_GEN_PARAMS_INIT
 * @param puzzle   receives the puzzle (N² bytes, 0 for a blank); all blanks
 *                 when no puzzle was made
 * @param solution if not NULL, receives its solution (N² bytes)
 * @param res      receives the outcome; must not be NULL
 * @param err      why the call failed (may be NULL): "no full board satisfies
 *                 the units of this shape" for #DLX_ERR_CONFLICT, "out of
 *                 memory" for #DLX_ERR_NOMEM, empty for the other errors and
 *                 on success
 * @return #DLX_OK, also when a limit or the poll cut the work short (see
 *         res->stop and res->clues); #DLX_ERR_INVALID for a NULL argument,
 *         an unknown symmetry or a solver with cages;
 *         #DLX_ERR_CONFLICT when no full board satisfies the solver's units
 *         (possible with a jigsaw map or parity marks); #DLX_ERR_NOMEM; #DLX_ERR_OVERFLOW.
 * Complexity: about N² uniqueness searches, each bounded by the node limit,
 * plus O(N² · N) for the bookkeeping.  A minimal 9x9 takes about a millisecond;
 * 16x16 a good part of a second; beyond that sizes, minimal puzzles are slow
 * (use params->clues or a node limit).
 */
DLX_API int dlx_sudoku_generate(dlx_sudoku *s, const dlx_sudoku_gen_params *params, uint8_t *puzzle,
	uint8_t *solution, dlx_sudoku_gen_result *res, dlx_error_info *err);

/**
 * Candidates dlx_sudoku_generate_rated() makes for one puzzle when the call
 * gives no bound: up to half a minute of one core (a candidate is a
 * generation and a rating, 0.5 to 3 ms on 9x9).  The rarest class comes well
 * within it: one candidate in 30 is beyond the ladder, one in 350 with the
 * quarter-turn symmetry, whose extra clues make puzzles easier.
 */
#define DLX_SUDOKU_GEN_RATED_TRIES 10000u

/** The outcome of dlx_sudoku_generate_rated(), beside its dlx_sudoku_gen_result. */
typedef struct dlx_sudoku_rated_result {
	int found;                /**< 1 when a candidate rated within the range was found */
	uint64_t candidates;      /**< candidates made and rated (the accepted one included) */
	uint64_t rejected;        /**< of them, those rated outside the range */
	dlx_sudoku_rating rating; /**< the accepted puzzle's rating (found 1) */
} dlx_sudoku_rated_result;

/**
 * Makes a classic 9x9 puzzle with exactly one solution whose rating
 * (dlx_sudoku_rate(), Sudoku Explainer's scale) falls in a range.  It makes
 * candidates with dlx_sudoku_generate() and rates each, until one is in the
 * range or max_candidates were made.  Candidate j of the puzzle (seed,
 * sequence) is dlx_sudoku_generate()'s puzzle (seed, sequence_j), where
 * sequence_0 is sequence itself (so the first candidate is the unrated
 * puzzle) and the others are drawn from sequence and j by a fixed integer
 * mix: the same seed and sequence give the same puzzle on every machine and
 * run, whatever else runs.
 *
 * @param s        a classic 9x9 solver (dlx_sudoku_new(3, ...)): no variant,
 *                 jigsaw map, parity marks or cages, whose puzzles the
 *                 ladder does not know
 * @param params   as dlx_sudoku_generate()'s, for every candidate (clues,
 *                 symmetric, node_limit, the poll); NULL for
 *                 #DLX_SUDOKU_GEN_PARAMS_INIT
 * @param range    the ratings accepted (dlx_sudoku_class_range() gives a
 *                 class's); not NULL
 * @param max_candidates  candidates to make at most; 0 means
 *                 #DLX_SUDOKU_GEN_RATED_TRIES
 * @param puzzle   receives the puzzle (81 bytes, 0 for a blank); all blanks
 *                 when none was found
 * @param solution if not NULL, receives its solution (81 bytes)
 * @param res      receives the accepted candidate's clues, minimal and stop,
 *                 and the searches and nodes of all the candidates; clues is
 *                 0 when no puzzle was found: then stop is #DLX_STOP_POLL
 *                 when the poll stopped the work, #DLX_STOP_NODE_LIMIT when
 *                 a candidate found no full board, else #DLX_STOP_COMPLETE
 *                 (max_candidates were made, none in the range); not NULL
 * @param rated    receives the count of candidates and the rating; not NULL
 * @param err      why the call failed (may be NULL), as dlx_sudoku_generate()
 * @return #DLX_OK, also when no puzzle was found (rated->found 0);
 *         #DLX_ERR_INVALID for a NULL argument, an unknown symmetry or a
 *         solver that is not classic 9x9; #DLX_ERR_NOMEM.
 * Complexity: up to max_candidates times a dlx_sudoku_generate() and a
 * dlx_sudoku_rate(); how many depends on how rare the range is (see
 * BENCHMARKS.md: from 2 candidates a puzzle for easy to about 30 for beyond
 * logic).  A range no puzzle reaches (above 7.6) costs all max_candidates.
 */
DLX_API int dlx_sudoku_generate_rated(dlx_sudoku *s, const dlx_sudoku_gen_params *params,
	const dlx_sudoku_rating_range *range, uint64_t max_candidates, uint8_t *puzzle, uint8_t *solution,
	dlx_sudoku_gen_result *res, dlx_sudoku_rated_result *rated, dlx_error_info *err);

/**
 * Makes a killer puzzle (dlx_sudoku_new_extras()) with exactly one solution
 * and no givens.  A full board is made as dlx_sudoku_generate() makes one,
 * from params' seed and sequence, on the solver's shape and variant units;
 * it is cut into random cages of 2 to 5 orthogonally connected cells with
 * distinct digits, each with its sum.  While a search finds a second
 * solution, a cell where the two differ leaves its cage for one of its own
 * (whose sum is its digit); a search cut short, by the node limit or
 * after 1000 nodes per cell, moves a random cell so.  The same seed and
 * sequence give the same puzzle.
 *
 * @param s        a solver without parity marks or cages: the board's shape
 *                 (dlx_sudoku_generate() makes puzzles of givens with parity marks)
 * @param params   seed, sequence, node_limit and the poll; clues and
 *                 symmetric are ignored.  NULL: #DLX_SUDOKU_GEN_PARAMS_INIT
 * @param cages    receives N² cage numbers, 1..*n_cages, numbered in the
 *                 order of their first cells (row-major)
 * @param sums     receives the sums (room for N² entries), sums[k − 1] of cage k
 * @param n_cages  receives the number of cages
 * @param solution if not NULL, receives the full board (N² bytes)
 * @param res      clues receives the number of cages (0 when no puzzle was
 *                 made: no full board within the limits, or the poll stopped
 *                 it), nodes all the searches' nodes, stop why it stopped
 * @param err      why it failed (may be NULL)
 * @return #DLX_OK (see res->clues); as dlx_sudoku_generate() otherwise;
 *         #DLX_ERR_INVALID also for a solver with parity marks or cages.
 * Complexity: a search per cage moved, at most N² of them.
 */
DLX_API int dlx_sudoku_generate_killer(dlx_sudoku *s, const dlx_sudoku_gen_params *params, uint32_t *cages,
	uint32_t *sums, uint32_t *n_cages, uint8_t *solution, dlx_sudoku_gen_result *res, dlx_error_info *err);

#ifdef __cplusplus
}
#endif

#endif /* DLX_SUDOKU_GENERATE_H */
