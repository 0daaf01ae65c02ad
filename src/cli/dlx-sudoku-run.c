/* Running dlx-sudoku's puzzles (dlx-sudoku-run.h). */
#include "dlx-sudoku-run.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli-checkpoint.h"
#include "dlx-sudoku-generate-one.h"
#include "dlx-sudoku-resume.h"
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
		s->status = solve_one(w, &s->pz, ((struct run *)ctx)->seq_base + seq, &s->tally);
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
	/* An answer cut short by a signal is no answer: a resume answers its puzzle again. */
	if (ru->run_ck_on && !s->status)
		run_checkpoint_answered(ru->run_ck, &s->pz, &ru->total);
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
	for (uint64_t seq = ru->seq_base;; seq++) {
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
		if (ru->run_ck_on)
			run_checkpoint_answered(ru->run_ck, &pz, &ru->total);
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
	if (!input_read_two_ahead(in)) {
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
	/* start_checkpoint() may have read them ahead already. */
	if (!input_read_two_ahead(in)) {
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

/*
 * --output-file with --resume: standard output goes to FILE, kept whole
 * for a resumed run to cut back, or for a resumed count to empty once its
 * checkpoint is taken (a refused one leaves the file as it was).  Without
 * --resume, main() has opened it already.
 */
static int open_output_file(const struct puzzle_options *o)
{
	if (!o->output_file || !o->resume || freopen(o->output_file, "r+", stdout))
		return 0;
	fprintf(stderr, "dlx-sudoku: %s: %s\n", o->output_file, strerror(errno));
	return CLI_EXIT_FAILURE;
}

/*
 * A run checkpoint's start: the output, the file resumed (the totals so
 * far), and the puzzles it answered read again and checked.  0 or an exit
 * status after a message.
 */
static int start_run_checkpoint(struct run *ru)
{
	const struct puzzle_options *o = ru->o;
	struct run_checkpoint *c = ru->run_ck;
	if (!o->output_file && !o->quiet) {
		fprintf(stderr, "dlx-sudoku: --checkpoint and --resume with a file of puzzles need --output-file FILE "
			"(which a resume cuts back to the answers saved), or --quiet\n");
		return CLI_EXIT_USAGE;
	}
	/* The checkpoint first: a refused one says why, whatever the output. */
	int status = run_checkpoint_start(c, o, &ru->total);
	if (!status)
		status = open_output_file(o);
	if (status)
		return status;
	c->out = o->quiet ? NULL : stdout;
	c->out_name = o->output_file;
	status = run_checkpoint_check_output(c);
	if (status || !o->resume)
		return status;
	uint64_t read = 0, hash = RUN_CHECKPOINT_HASH_START;
	while (read < c->skip) {
		struct sudoku_puzzle pz;
		struct sudoku_read_error err;
		int rc = input_next(&ru->in, &pz, &err);
		if (rc < 0)
			return read_failed(ru, rc, &err);
		if (rc == 0)
			break;
		run_checkpoint_hash(&hash, &pz);
		read++;
	}
	status = run_checkpoint_skipped(c, ru->name, read, hash);
	ru->seq_base = read;
	ru->puzzles_before = ru->total.puzzles;
	return status;
}

/*
 * --checkpoint, --resume: a lone puzzle's count saves its search (a
 * resumed one's file says so by its first bytes), anything else the run's
 * place.  Returns 0 to go on with the run, or with *done its status.
 */
static int start_checkpoint(struct run *ru, struct puzzle_worker *w, bool *done)
{
	const struct puzzle_options *o = ru->o;
	struct puzzle_input *in = &ru->in;
	*done = false;
	bool search = false;
	if (o->mode == MODE_COUNT && o->resume) {
		search = !run_checkpoint_is_one(o->resume);
	} else if (o->mode == MODE_COUNT) {
		if (!input_read_two_ahead(in)) {
			fprintf(stderr, "dlx-sudoku: out of memory\n");
			*done = true;
			return CLI_EXIT_FAILURE;
		}
		search = in->ahead_rc[0] == 1 && in->ahead_rc[1] == 0;
	}
	if (!search) {
		/* Refused, it leaves the file it was given as it was: only a started run saves. */
		int status = start_run_checkpoint(ru);
		ru->run_ck_on = status == 0;
		*done = status != 0;
		return status;
	}
	*done = true;
	if (o->threads_given && o->cli.threads > 1) {
		fprintf(stderr, "dlx-sudoku: the count of a lone puzzle with --checkpoint or --resume searches in one "
			"thread: --threads must be 1\n");
		return CLI_EXIT_USAGE;
	}
	int status = check_lone_puzzle(ru);
	if (!status)
		status = open_output_file(o);
	if (status)
		return status;
	w->ckpt = ru->search_ck;
	return solve_sequentially(ru, w);
}

int solve_puzzles(struct run *ru, struct puzzle_worker *w)
{
	const struct puzzle_options *o = ru->o;
	int status;
	if (o->checkpoint) {
		bool done;
		status = start_checkpoint(ru, w, &done);
		if (done)
			return status;
	}
	if (o->cli.threads > 1 && o->mode == MODE_COUNT && !o->cli.node_limit && !o->checkpoint &&
	    count_lone_puzzle(ru, w, &status))
		return status;
	/*
	 * A lone puzzle reported: the main thread solves it, as --threads 1
	 * would (the pool has one puzzle for one thread), so that --progress
	 * follows its search rather than saying "0 puzzles done" until the end.
	 */
	if (o->cli.threads > 1 && o->mode != MODE_COUNT && ru->lim.progress) {
		struct puzzle_input *in = &ru->in;
		if (!input_read_two_ahead(in)) {
			fprintf(stderr, "dlx-sudoku: out of memory\n");
			return CLI_EXIT_FAILURE;
		}
		if (in->ahead_rc[0] != 1 || in->ahead_rc[1] != 1)
			return solve_sequentially(ru, w);
	}
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
	int status;
	if (ru->o->cli.threads > 1) {
		status = run_pipeline(ru, fill_number, generate_slot);
		if (status >= 0)
			return status;
		/* No thread to be had: one thread still does the job, as it is about to. */
	}
	return generate_sequentially(ru, w);
}
