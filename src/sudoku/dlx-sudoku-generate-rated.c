/*
 * Puzzles of a chosen difficulty (dlx_sudoku_generate_rated(), see
 * dlx-sudoku-generate.h): candidates from the generator, kept when the
 * explainer's rating falls in the range.
 *
 * Filtering rather than steering the removal of clues: the rating is
 * known only once the puzzle is whole, and a clue's removal can make the
 * rest of the solve harder or easier, so there is no cheap way to aim.
 */
#include "dlx-sudoku-explain.h"
#include "dlx-sudoku-generate.h"
#include "dlx-sudoku-internal.h"

#include <string.h>

/* splitmix64's finalizer: a bijection of 64-bit words that spreads nearby inputs apart. */
static uint64_t mix64(uint64_t z)
{
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
	z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
	return z ^ (z >> 31);
}

/*
 * The generator's sequence number of candidate j of puzzle `sequence`.
 * Candidate 0 is the puzzle itself, so that a range that takes the unrated
 * puzzle changes nothing; the others of one puzzle differ from each other
 * (mix64 is a bijection and the golden-ratio step is odd), and meet another
 * puzzle's only by a 64-bit coincidence.
 */
static uint64_t candidate_sequence(uint64_t sequence, uint64_t j)
{
	return j == 0 ? sequence : mix64(mix64(sequence) + j * 0x9E3779B97F4A7C15u);
}

/* Classic 9x9: the only board the ladder's bitmasks and units describe. */
static bool classic_9x9(const dlx_sudoku *s)
{
	if (dlx_sudoku_side(s) != 9 || dlx_sudoku_box_rows(s) != 3 || dlx_sudoku_box_cols(s) != 3 || dlx_sudoku_flags(s))
		return false;
	dlx_sudoku_extras x = dlx_sudoku_get_extras(s);
	if (x.parity || x.cages)
		return false;
	/* A jigsaw map that happens to be the boxes is the classic board. */
	const uint8_t *regions = dlx_sudoku_regions(s);
	for (unsigned c = 0; c < 81; c++)
		if (regions[c] != c / 27 * 3 + c % 9 / 3 + 1)
			return false;
	return true;
}

int dlx_sudoku_generate_rated(dlx_sudoku *s, const dlx_sudoku_gen_params *params,
	const dlx_sudoku_rating_range *range, uint64_t max_candidates, uint8_t *puzzle, uint8_t *solution,
	dlx_sudoku_gen_result *res, dlx_sudoku_rated_result *rated, dlx_error_info *err)
{
	static const dlx_sudoku_gen_params defaults = DLX_SUDOKU_GEN_PARAMS_INIT;
	dlx__sudoku_clear_error(err);
	if (!res || !rated)
		return DLX_ERR_INVALID;
	memset(res, 0, sizeof *res);
	res->stop = DLX_STOP_COMPLETE;
	memset(rated, 0, sizeof *rated);
	if (!s || !puzzle || !range)
		return DLX_ERR_INVALID;
	if (!classic_9x9(s))
		return dlx__sudoku_fail(err, DLX_ERR_INVALID, "ratings are for classic 9x9 puzzles only");
	memset(puzzle, 0, DLX_SUDOKU_EXPLAIN_CELLS);
	const dlx_sudoku_gen_params *base = params ? params : &defaults;
	dlx_sudoku_gen_params gp = *base;
	uint64_t tries = max_candidates ? max_candidates : DLX_SUDOKU_GEN_RATED_TRIES;
	uint8_t cand[DLX_SUDOKU_EXPLAIN_CELLS], sol[DLX_SUDOKU_EXPLAIN_CELLS];
	for (uint64_t j = 0; j < tries; j++) {
		gp.sequence = candidate_sequence(base->sequence, j);
		dlx_sudoku_gen_result one;
		int rc = dlx_sudoku_generate(s, &gp, cand, sol, &one, err);
		res->searches += one.searches;
		res->nodes += one.nodes;
		if (rc)
			return rc;
		/* No board, or a puzzle cut short by the poll: nothing worth rating, and the caller wants to stop. */
		if (one.clues == 0 || one.stop == DLX_STOP_POLL) {
			res->stop = one.clues == 0 && one.stop == DLX_STOP_COMPLETE ? DLX_STOP_NODE_LIMIT : one.stop;
			return DLX_OK;
		}
		rated->candidates++;
		dlx_sudoku_logic g;
		dlx_sudoku_rating r;
		rc = dlx_sudoku_logic_init(cand, NULL, &g, err);
		g.unique = 1; /* the generator keeps only removals that leave one solution */
		if (rc == DLX_OK)
			rc = dlx_sudoku_rate(&g, &r, NULL, NULL, err);
		if (rc)
			return rc; /* a puzzle with one solution cannot be broken: a bug, not the caller's */
		if (dlx_sudoku_rating_in_range(&r, range)) {
			memcpy(puzzle, cand, sizeof cand);
			if (solution)
				memcpy(solution, sol, sizeof sol);
			res->clues = one.clues;
			res->minimal = one.minimal;
			res->stop = one.stop;
			rated->found = 1;
			rated->rating = r;
			return DLX_OK;
		}
		rated->rejected++;
	}
	return DLX_OK;
}
