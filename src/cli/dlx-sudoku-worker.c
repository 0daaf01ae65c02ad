/* The puzzle worker of dlx-sudoku-worker.h: solvers, limits and held-back answers. */
#include "dlx-sudoku-worker.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * Past this much output a puzzle (--all on a loose puzzle) streams: its
 * worker waits for its turn and writes straight to stdout.  This bounds a
 * held answer's memory whatever the puzzle.
 */
#define HELD_OUT_MAX (64u * 1024u)

FILE *puzzle_out;
uint64_t puzzle_out_bytes;

void tally_add(struct tally *t, const struct tally *d)
{
	t->puzzles += d->puzzles;
	t->solved += d->solved;
	t->unsolvable += d->unsolvable;
	t->stopped += d->stopped;
	t->nodes += d->nodes;
	t->updates += d->updates;
	t->branches += d->branches;
	t->clues += d->clues;
	t->candidates += d->candidates;
	t->rejected += d->rejected;
	t->sat += d->sat;
	t->local += d->local;
}

static bool buf_add(struct buf *b, const char *s, size_t n)
{
	if (b->cap - b->len < n) {
		size_t cap = b->cap ? b->cap : 256;
		while (cap - b->len < n)
			cap *= 2;
		char *p = realloc(b->p, cap);
		if (!p)
			return false;
		b->p = p;
		b->cap = cap;
	}
	memcpy(b->p + b->len, s, n);
	b->len += n;
	return true;
}

void held_answer_flush(struct held_answer *h)
{
	/* out.p is NULL until something was held back (--quiet): fwrite must not see it. */
	if (!h->out.p && !h->err.p)
		return;
	puzzle_out_bytes += h->out.len;
	if (h->err_at)
		cli_wrote(fwrite(h->out.p, 1, h->err_at, puzzle_out) == h->err_at);
	if (h->err.len) {
		cli_wrote(fflush(puzzle_out) == 0);
		fwrite(h->err.p, 1, h->err.len, stderr);
	}
	if (h->out.len > h->err_at)
		cli_wrote(fwrite(h->out.p + h->err_at, 1, h->out.len - h->err_at, puzzle_out) == h->out.len - h->err_at);
	h->out.len = h->err.len = h->err_at = 0;
}

void held_answer_free(struct held_answer *h)
{
	free(h->out.p);
	free(h->err.p);
}

bool puzzle_worker_init(struct puzzle_worker *w, const struct puzzle_options *o, const char *name, size_t text_size)
{
	memset(w, 0, sizeof *w);
	w->o = o;
	w->name = name;
	w->text = malloc(text_size + 1);
	w->solution = malloc((size_t)DLX_SUDOKU_MAX_SIDE * DLX_SUDOKU_MAX_SIDE);
	w->direct = true;
	w->lim = &w->own_lim;
	return w->text && w->solution;
}

void puzzle_worker_free(struct puzzle_worker *w)
{
	for (unsigned side = 0; side <= DLX_SUDOKU_MAX_SIDE; side++)
		dlx_sudoku_free(w->solver[side]);
	free(w->text);
	free(w->solution);
	free(w->marks);
}

int puzzle_worker_solver(struct puzzle_worker *w, unsigned box_rows, unsigned box_cols, const uint8_t *regions,
	size_t line, dlx_sudoku **out)
{
	unsigned side = box_rows * box_cols;
	dlx_sudoku **sv = &w->solver[side];
	char where[64] = "";
	if (line)
		snprintf(where, sizeof where, ":%zu", line);
	if (*sv && ((regions && memcmp(dlx_sudoku_regions(*sv), regions, (size_t)side * side) != 0) ||
		dlx_sudoku_box_rows(*sv) != box_rows)) {
		dlx_sudoku_free(*sv);
		*sv = NULL;
	}
	if (!*sv) {
		dlx_sudoku_board board = { box_rows, box_cols, w->o->flags, regions };
		dlx_error_info err;
		const dlx_sudoku_extras *x = w->o->extras_side ? &w->o->extras : NULL;
		int rc = dlx_sudoku_new_extras(&board, x, sv, &err);
		if (!rc && w->o->cli.propagate)
			rc = dlx_sudoku_set_propagation(*sv, DLX_PROPAGATE_SUBSUME);
		if (rc) {
			warn(w, "dlx-sudoku: %s%s: %ux%u board: %s\n", w->name, where, side, side,
				err.message[0] ? err.message : dlx_strerror(rc));
			return rc == DLX_ERR_INVALID ? CLI_EXIT_USAGE : CLI_EXIT_FAILURE;
		}
	}
	*out = *sv;
	return 0;
}

void puzzle_worker_start_limits(struct puzzle_worker *w)
{
	const struct puzzle_options *o = w->o;
	w->lim->timed_out = false;
	if (o->cli.time_limit > 0 || w->lim->progress) {
		double now = cli_now();
		if (o->cli.time_limit > 0)
			w->lim->deadline = now + o->cli.time_limit;
		/* The core's progress is worth showing only for a puzzle that itself runs long. */
		w->lim->start = now;
		w->lim->next_report = now + 2.0;
	}
}

bool puzzle_worker_stopping(const struct puzzle_worker *w)
{
	return w->pipeline && pipeline_stopping(w->pipeline);
}

int puzzle_worker_poll(void *ctx, const dlx_stats *so_far)
{
	struct puzzle_worker *w = ctx;
	if (puzzle_worker_stopping(w))
		return 1;
	return cli_poll(w->lim, so_far);
}

bool emit(struct puzzle_worker *w, const char *s, size_t n)
{
	/* The main thread owns the progress line; a pipeline's writer ends it (dlx-sudoku-run.c). */
	if (w->direct && !w->pipeline)
		cli_progress_before_output(w->lim);
	if (w->direct) {
		puzzle_out_bytes += n;
		return cli_wrote(fwrite(s, 1, n, puzzle_out) == n);
	}
	if (!buf_add(&w->held->out, s, n))
		return false;
	if (w->held->out.len > HELD_OUT_MAX) {
		if (!pipeline_wait_turn(w->pipeline, w->seq))
			return false;
		held_answer_flush(w->held);
		w->direct = true;
	}
	return true;
}

void emit_str(struct puzzle_worker *w, const char *s)
{
	emit(w, s, strlen(s));
}

void emit_fmt(struct puzzle_worker *w, const char *fmt, ...)
{
	char buf[160];
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (n > 0)
		emit(w, buf, (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
}

void warn(struct puzzle_worker *w, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	if (w->direct) {
		if (!w->pipeline)
			cli_progress_end(w->lim);
		vfprintf(stderr, fmt, ap);
	} else {
		char buf[512];
		int n = vsnprintf(buf, sizeof buf, fmt, ap);
		if (n > 0) {
			if (w->held->err.len == 0)
				w->held->err_at = w->held->out.len;
			buf_add(&w->held->err, buf, (size_t)n < sizeof buf ? (size_t)n : sizeof buf - 1);
		}
	}
	va_end(ap);
}

bool grid_layout(enum sudoku_layout l)
{
	return l != SUDOKU_LAYOUT_LINE;
}
