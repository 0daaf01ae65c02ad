/* --explain, --hint and --rate (dlx-sudoku-explain-one.h). */
#include "dlx-sudoku-explain-one.h"

#include <stdio.h>

#include "dlx-sudoku-explain.h"
#include "sudoku-steps.h"

static int print_step(void *ctx, const dlx_sudoku_step *step)
{
	struct puzzle_worker *w = ctx;
	char line[SUDOKU_STEP_TEXT_MAX];
	size_t n = sudoku_step_text(line, step);
	emit(w, line, n);
	return 0;
}

/* "3.4 medium", or ">=7.5 beyond logic" (a lower bound) when the ladder ran out. */
static void print_rating(struct puzzle_worker *w, const char *prefix, const dlx_sudoku_rating *r)
{
	if (r->solved)
		emit_fmt(w, "%s%u.%u %s\n", prefix, r->rating / 10, r->rating % 10, dlx_sudoku_rating_class(r->rating, 1));
	else
		emit_fmt(w, "%s>=%u.%u %s\n", prefix, r->rating / 10, r->rating % 10, dlx_sudoku_rating_class(r->rating, 0));
}

int explain_one(struct puzzle_worker *w, const struct sudoku_puzzle *pz, dlx_sudoku *solver, uint64_t seq,
	struct tally *t)
{
	const struct puzzle_options *o = w->o;
	if (pz->side != 9 || pz->box_rows != 3 || o->flags || o->jigsaw || pz->regions || o->extras_side) {
		warn(w, "dlx-sudoku: %s:%zu: --explain, --hint and --rate know classic 9x9 sudoku only\n", w->name, pz->line);
		return CLI_EXIT_USAGE;
	}
	if (!o->quiet && o->mode == MODE_EXPLAIN && seq > 0)
		emit(w, "\n", 1);
	/* Logic is sound on any puzzle, but a rating means something only for a unique one. */
	dlx_sudoku_params sp = DLX_SUDOKU_PARAMS_INIT;
	sp.limit = 2;
	dlx_sudoku_result res;
	dlx_error_info err;
	int rc = pz->marks ? dlx_sudoku_solve_candidates(solver, pz->marks, &sp, NULL, &res, &err)
		: dlx_sudoku_solve(solver, pz->cells, &sp, NULL, &res, &err);
	t->puzzles++;
	if (rc == DLX_ERR_CONFLICT || rc == DLX_ERR_INVALID) {
		warn(w, "dlx-sudoku: %s:%zu: %s\n", w->name, pz->line, err.message);
	} else if (rc) {
		warn(w, "dlx-sudoku: %s:%zu: %s\n", w->name, pz->line, dlx_strerror(rc));
		return CLI_EXIT_FAILURE;
	}
	if (rc || res.stats.solutions != 1) {
		bool none = rc || res.stats.solutions == 0;
		if (none)
			t->unsolvable++;
		else
			t->solved++;
		if (!o->quiet)
			emit_str(w, none ? "none\n" : "multiple\n");
		return 0;
	}
	t->solved++;
	dlx_sudoku_logic g;
	rc = dlx_sudoku_logic_init(pz->marks ? NULL : pz->cells, pz->marks, &g, &err);
	g.unique = 1; /* checked above: the uniqueness techniques hold */
	dlx_sudoku_rating r;
	dlx_sudoku_step step;
	if (!rc && o->mode == MODE_HINT)
		rc = dlx_sudoku_next_step(&g, UINT32_MAX, &step, &err);
	else if (!rc)
		rc = dlx_sudoku_rate(&g, &r, o->mode == MODE_EXPLAIN && !o->quiet ? print_step : NULL, w, &err);
	if (rc) {
		/* The puzzle has a solution, so the grid cannot be broken: this is a bug worth its message. */
		warn(w, "dlx-sudoku: %s:%zu: %s\n", w->name, pz->line, rc == DLX_ERR_CONFLICT ? err.message : dlx_strerror(rc));
		return CLI_EXIT_FAILURE;
	}
	if (o->quiet)
		return 0;
	if (o->mode == MODE_HINT) {
		if (step.technique != DLX_SUDOKU_TECH_NONE)
			print_step(w, &step);
		else
			emit_str(w, dlx_sudoku_logic_solved(&g) ? "solved\n"
				: "no step: the puzzle needs more than dynamic forcing chains\n");
	} else {
		print_rating(w, o->mode == MODE_EXPLAIN ? (r.solved ? "solved: " : "stuck: ") : "", &r);
	}
	return 0;
}
