/* Running dlx-sudoku's puzzles (dlx-sudoku-run.h). */
#include "dlx-sudoku-run.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlx-sudoku-generate-one.h"
#include "dlx-sudoku-solve-one.h"
#include "ordered-pipeline.h"

void run_start(struct run *ru)
{
	cli_limits_init(&ru->lim, "dlx-sudoku", 0, ru->o->cli.progress);
	ru->start = ru->lim.start;
	ru->next_report = ru->start + 2.0;
}

/* Reports "puzzles done" every few seconds once a run takes more than 2 (see cli_limits). */
static void run_progress(struct run *ru)
{
	struct cli_limits *lim = &ru->lim;
	if (!lim->progress)
		return;
	double now = cli_now();
	if (now < ru->next_report)
		return;
	double secs = now - ru->start;
	uint64_t done = ru->total.puzzles;
	char of[48] = "";
	if (ru->known_total)
		snprintf(of, sizeof of, " of %" PRIu64 " (%.1f%%)", ru->known_total,
			100.0 * (double)done / (double)ru->known_total);
	fprintf(stderr, "%s%s: %" PRIu64 "%s puzzles done, %.0f puzzles/s, %.0f s%s", lim->tty ? "\r" : "",
		lim->prog, done, of, secs > 0 ? (double)done / secs : 0.0, secs, lim->tty ? "\033[K" : "\n");
	fflush(stderr);
	lim->reported = true;
	ru->next_report = now + (lim->tty ? 1.0 : 5.0);
}

/*
 * Called in the main thread with each puzzle, before its answer: says how
 * the reader guessed where the guess could be wrong (once per board size),
 * and with the first puzzle, a count format's total for progress.
 */
static void note_format(struct run *ru, const struct sudoku_puzzle *pz)
{
	if (pz->note) {
		cli_progress_end(&ru->lim);
		fprintf(stderr, "dlx-sudoku: %s:%zu: note: %s\n", ru->name, pz->line, pz->note);
	}
	if (ru->format_seen)
		return;
	ru->format_seen = true;
	if (ru->lim.progress && pz->format == SUDOKU_FORMAT_COUNT)
		ru->known_total = count_format_part_total(ru->fd, ru->in.part, ru->in.parts);
}

/* Reports a read error the way a run ends on one; returns the exit status. */
static int read_failed(struct run *ru, int rc, const struct sudoku_read_error *err)
{
	/* A read cut short by Ctrl-C is the interruption, not a bad input. */
	if (cli_stop_signal)
		return cli_interrupted_status();
	cli_input_error("dlx-sudoku", ru->name, err->line, err->message);
	return rc == DLX_ERR_NOMEM ? CLI_EXIT_FAILURE : CLI_EXIT_USAGE;
}

/* The end of the input; an error if it held no puzzle (a --part may select none). */
static int input_ended(struct run *ru)
{
	if (ru->in.read == 0) {
		fprintf(stderr, "dlx-sudoku: %s: no puzzle in the input\n", ru->name);
		return CLI_EXIT_USAGE;
	}
	return 0;
}

/* --- through the pipeline (ordered-pipeline.h) --- */

/*
 * A puzzle in the pipeline's ring: the input, then the answer held back
 * until the puzzles before it have been written.
 */
enum slot_kind { SLOT_PUZZLE, SLOT_READ_ERROR, SLOT_END_INTERRUPTED };
struct slot {
	enum slot_kind kind;
	int read_rc;
	struct sudoku_read_error read_err;
	struct sudoku_puzzle pz;
	uint8_t *cells;          /* pz.cells points here, and pz.regions (a jigsaw map) after them */
	size_t cells_cap;
	struct held_answer answer;
	struct tally tally;
	int status;              /* solve_one()'s or generate_one()'s result */
};

/*
 * Fills a slot with the next item: false at the end of the input.  A read
 * error fills the slot too, as SLOT_READ_ERROR, and ends the input.
 */
typedef bool fill_fn(struct run *ru, struct slot *s);

/* The pipeline's read: the end, an interruption, or the next item from ru->fill. */
static int read_slot(void *ctx, void *vslot)
{
	struct run *ru = ctx;
	struct slot *s = vslot;
	if (ru->in.ended)
		return 0;
	if (cli_stop_signal) {
		s->kind = SLOT_END_INTERRUPTED;
		ru->in.ended = true;
		return 1;
	}
	bool filled = ru->fill(ru, s);
	if (!filled || s->kind == SLOT_READ_ERROR)
		ru->in.ended = true;
	return filled;
}

/* Solving: the next puzzle of the input. */
static bool fill_puzzle(struct run *ru, struct slot *s)
{
	struct sudoku_puzzle pz;
	int rc = input_next(&ru->in, &pz, &s->read_err);
	if (rc == 0)
		return false;
	if (rc < 0) {
		s->kind = SLOT_READ_ERROR;
		s->read_rc = rc;
		return true;
	}
	if (!copy_puzzle(&pz, &s->cells, &s->cells_cap)) {
		s->kind = SLOT_READ_ERROR;
		s->read_rc = DLX_ERR_NOMEM;
		s->read_err.line = 0;
		snprintf(s->read_err.message, sizeof s->read_err.message, "%s", dlx_strerror(DLX_ERR_NOMEM));
		return true;
	}
	s->pz = pz;
	s->kind = SLOT_PUZZLE;
	return true;
}

/* Generating: the puzzle to make is known by its number alone (seq in generate_slot). */
static bool fill_number(struct run *ru, struct slot *s)
{
	if (ru->generated == ru->o->gen_count)
		return false;
	ru->generated++;
	memset(&s->pz, 0, sizeof s->pz);
	s->pz.format = SUDOKU_FORMAT_LINE;
	s->kind = SLOT_PUZZLE;
	return true;
}

/* Readies worker `index` to answer the slot's puzzle into the slot; NULL if the slot holds none. */
static struct puzzle_worker *take_slot(struct run *ru, struct pipeline *pl, unsigned index, struct slot *s,
	uint64_t seq)
{
	memset(&s->tally, 0, sizeof s->tally);
	s->status = 0;
	if (s->kind != SLOT_PUZZLE)
		return NULL;
	/* Puzzles too short to poll would never see a Ctrl-C: look before each one. */
	if (cli_stop_signal) {
		s->kind = SLOT_END_INTERRUPTED;
		return NULL;
	}
	struct puzzle_worker *w = &ru->workers[index];
	w->held = &s->answer;
	w->pipeline = pl;
	w->seq = seq;
	w->direct = false;
	return w;
}

static void solve_slot(void *ctx, struct pipeline *pl, unsigned index, void *vslot, uint64_t seq)
{
	struct slot *s = vslot;
	struct puzzle_worker *w = take_slot(ctx, pl, index, s, seq);
	if (w) {
		s->status = solve_one(w, &s->pz, seq, &s->tally);
		w->held = NULL;
	}
}

static void generate_slot(void *ctx, struct pipeline *pl, unsigned index, void *vslot, uint64_t seq)
{
	struct slot *s = vslot;
	struct puzzle_worker *w = take_slot(ctx, pl, index, s, seq);
	if (w) {
		s->status = generate_one(w, seq, &s->tally);
		w->held = NULL;
	}
}

static int write_slot(void *ctx, void *vslot)
{
	struct run *ru = ctx;
	struct slot *s = vslot;
	switch (s->kind) {
	case SLOT_END_INTERRUPTED:
		return cli_interrupted_status();
	case SLOT_READ_ERROR:
		return read_failed(ru, s->read_rc, &s->read_err);
	case SLOT_PUZZLE:
		break;
	}
	note_format(ru, &s->pz);
	/* An answer or a message starts a line of its own, not the progress line's end. */
	if (s->answer.err.len)
		cli_progress_end(&ru->lim);
	else if (s->answer.out.len)
		cli_progress_before_output(&ru->lim);
	held_answer_flush(&s->answer);
	tally_add(&ru->total, &s->tally);
	run_progress(ru);
	if (s->status)
		return s->status;
	return ferror(puzzle_out) ? CLI_EXIT_FAILURE : 0;
}

static void progress_while_waiting(void *ctx)
{
	run_progress(ctx);
}

typedef void process_fn(void *ctx, struct pipeline *pl, unsigned worker, void *slot, uint64_t seq);

/*
 * Runs the pipeline with a worker per thread.  Returns the run's status so
 * far (0 to go on), or -1 if no thread could start (nothing was read then).
 */
static int run_pipeline(struct run *ru, fill_fn *fill, process_fn *process)
{
	const struct puzzle_options *o = ru->o;
	unsigned threads = o->cli.threads;
	/* Enough puzzles in flight that a slow one rarely stalls the others. */
	size_t window = (size_t)64 * threads;
	struct puzzle_worker *workers = calloc(threads, sizeof *workers);
	struct slot *slots = calloc(window, sizeof *slots);
	void **ptrs = calloc(window, sizeof *ptrs);
	int status = -1;
	unsigned made = 0;
	if (workers && slots && ptrs) {
		for (; made < threads; made++) {
			if (!puzzle_worker_init(&workers[made], o, ru->name, ru->text_size))
				break;
			workers[made].own_lim = ru->lim;
			workers[made].own_lim.progress = false;
			workers[made].own_lim.reported = false;
		}
		for (size_t k = 0; k < window; k++)
			ptrs[k] = &slots[k];
		ru->workers = workers;
		ru->fill = fill;
		struct pipeline_ops ops = { ru, read_slot, process, write_slot,
			ru->lim.progress ? progress_while_waiting : NULL, 0.25 };
		if (made == threads)
			status = pipeline_run(&ops, threads, ptrs, window);
	}
	for (unsigned t = 0; t < made; t++)
		puzzle_worker_free(&workers[t]);
	for (size_t k = 0; slots && k < window; k++) {
		free(slots[k].cells);
		held_answer_free(&slots[k].answer);
	}
	free(workers);
	free(slots);
	free(ptrs);
	return status;
}

/* --- in the main thread --- */

/* Solves in the main thread, one puzzle after the other: the --threads 1 path. */
static int solve_sequentially(struct run *ru, struct puzzle_worker *w)
{
	struct sudoku_puzzle pz;
	struct sudoku_read_error err;
	for (uint64_t seq = 0;; seq++) {
		if (cli_stop_signal)
			return cli_interrupted_status();
		int rc = input_next(&ru->in, &pz, &err);
		if (rc < 0)
			return read_failed(ru, rc, &err);
		if (rc == 0)
			return input_ended(ru);
		note_format(ru, &pz);
		int status = solve_one(w, &pz, seq, &ru->total);
		if (status)
			return status;
		run_progress(ru);
	}
}

/*
 * A lone puzzle to count gets all the threads in one split search (a node
 * limit would not cut it at a reproducible place).  Reading one puzzle
 * ahead tells; the pipeline then reads the ahead ones first.  Returns true
 * with *status if that settled the run, false if there are more puzzles.
 */
static bool count_lone_puzzle(struct run *ru, struct puzzle_worker *w, int *status)
{
	struct puzzle_input *in = &ru->in;
	if (!input_read_ahead(in) || (in->ahead_rc[0] == 1 && !input_read_ahead(in))) {
		fprintf(stderr, "dlx-sudoku: out of memory\n");
		*status = CLI_EXIT_FAILURE;
		return true;
	}
	if (in->ahead_rc[0] == 1 && in->ahead_rc[1] == 0) {
		note_format(ru, &in->ahead_pz[0]);
		w->split_threads = ru->o->cli.threads;
		*status = solve_one(w, &in->ahead_pz[0], 0, &ru->total);
		return true;
	}
	if (in->ahead_rc[0] != 1) {
		/* No puzzle, or a bad one: nothing for threads to do. */
		*status = solve_sequentially(ru, w);
		return true;
	}
	return false;
}

/*
 * --checkpoint, --resume: a checkpoint is one puzzle's count, so the input
 * must hold one (reading one ahead tells).  Returns 0, or an exit status
 * after a message.
 */
static int check_lone_puzzle(struct run *ru)
{
	struct puzzle_input *in = &ru->in;
	if (!input_read_ahead(in) || (in->ahead_rc[0] == 1 && !input_read_ahead(in))) {
		fprintf(stderr, "dlx-sudoku: out of memory\n");
		return CLI_EXIT_FAILURE;
	}
	if (in->ahead_rc[0] == 1 && in->ahead_rc[1] == 1) {
		fprintf(stderr, "dlx-sudoku: %s:%zu: --checkpoint and --resume count one puzzle, and this is a second\n",
			ru->name, in->ahead_pz[1].line);
		return CLI_EXIT_USAGE;
	}
	return 0;
}

int solve_puzzles(struct run *ru, struct puzzle_worker *w)
{
	const struct puzzle_options *o = ru->o;
	int status;
	if (o->checkpoint) {
		status = check_lone_puzzle(ru);
		return status ? status : solve_sequentially(ru, w);
	}
	if (o->cli.threads > 1 && o->mode == MODE_COUNT && !o->cli.node_limit && count_lone_puzzle(ru, w, &status))
		return status;
	if (o->cli.threads > 1) {
		status = run_pipeline(ru, fill_puzzle, solve_slot);
		if (status == 0 && !cli_stop_signal)
			status = input_ended(ru);
		if (status >= 0)
			return status;
		/* No thread to be had: one thread still does the job, as it is about to. */
	}
	return solve_sequentially(ru, w);
}

/* Generates in the main thread, one puzzle after the other: the --threads 1 path. */
static int generate_sequentially(struct run *ru, struct puzzle_worker *w)
{
	int status = 0;
	for (uint64_t seq = 0; seq < ru->o->gen_count && !status; seq++) {
		if (cli_stop_signal)
			return cli_interrupted_status();
		status = generate_one(w, seq, &ru->total);
		run_progress(ru);
	}
	return status;
}

int generate_puzzles(struct run *ru, struct puzzle_worker *w)
{
	if (ru->o->cli.threads > 1) {
		int status = run_pipeline(ru, fill_number, generate_slot);
		if (status >= 0)
			return status;
		/* No thread to be had: one thread still does the job, as it is about to. */
	}
	return generate_sequentially(ru, w);
}
