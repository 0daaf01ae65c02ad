/* dlx-sudoku: solve, count, enumerate, grade or generate sudoku puzzles of any n²×n² or (R·C)×(R·C) size. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli-checkpoint.h"
#include "cli-options.h"
#include "cli.h"
#include "dlx-sudoku-draw.h"
#include "dlx-sudoku-generate-one.h"
#include "dlx-sudoku-grid-run.h"
#include "dlx-sudoku-input.h"
#include "dlx-sudoku-options.h"
#include "dlx-sudoku-resume.h"
#include "dlx-sudoku-run.h"
#include "dlx-sudoku-worker.h"
#include "sudoku-write.h"

/* The longest text of any board in any layout, for the workers' buffers. */
static size_t longest_board_text(void)
{
	size_t longest = 0;
	for (unsigned br = DLX_SUDOKU_MIN_BOX; br <= DLX_SUDOKU_MAX_SIDE / DLX_SUDOKU_MIN_BOX; br++) {
		for (unsigned bc = DLX_SUDOKU_MIN_BOX; br * bc <= DLX_SUDOKU_MAX_SIDE; bc++) {
			for (int l = SUDOKU_LAYOUT_LINE; l <= SUDOKU_LAYOUT_LAST; l++) {
				size_t s = sudoku_write_size((enum sudoku_layout)l, SUDOKU_ALPHA_ALNUM, br, bc);
				if (s > longest)
					longest = s;
			}
			for (int grid = 0; grid <= 1; grid++) {
				size_t s = sudoku_write_marks_size(grid, SUDOKU_ALPHA_ALNUM, br, bc);
				if (s > longest)
					longest = s;
			}
		}
	}
	return longest;
}

/* --stats: the run's totals on stderr. */
/* The totals (a resumed run's include the runs before it); puzzles/s are this run's: `before` were done then. */
static void print_stats(const struct puzzle_options *o, const struct tally *t, uint64_t before, double secs)
{
	char rated[96] = "";
	if (o->rated)
		snprintf(rated, sizeof rated, ", candidates: %" PRIu64 ", rejected: %" PRIu64, t->candidates, t->rejected);
	/* Which engine answered: the SAT engine's and the local search's puzzles (their nodes not dancing links'). */
	char sat[112] = "";
	if (t->sat && t->local)
		snprintf(sat, sizeof sat, ", engine: sat for %" PRIu64 ", local for %" PRIu64 ", dlx for %" PRIu64, t->sat,
			t->local, t->puzzles - t->sat - t->local);
	else if (t->sat || t->local)
		snprintf(sat, sizeof sat, ", engine: %s for %" PRIu64 ", dlx for %" PRIu64, t->sat ? "sat" : "local",
			t->sat + t->local, t->puzzles - t->sat - t->local);
	if (o->generate)
		fprintf(stderr,
			"puzzles: %" PRIu64 ", made: %" PRIu64 ", short of the request: %" PRIu64
			", clues: %.1f on average%s, nodes: %" PRIu64 ", time: %.3f s, puzzles/s: %.1f\n",
			t->puzzles, t->solved, t->stopped,
			t->puzzles > 0 ? (double)t->clues / (double)t->puzzles : 0.0, rated, t->nodes, secs,
			secs > 0 ? (double)t->puzzles / secs : 0.0);
	else
		fprintf(stderr,
			"puzzles: %" PRIu64 ", solved: %" PRIu64 ", unsolvable: %" PRIu64 ", stopped: %" PRIu64
			", nodes: %" PRIu64 ", updates: %" PRIu64 ", branches: %" PRIu64
			", time: %.3f s, puzzles/s: %.0f%s\n",
			t->puzzles, t->solved, t->unsolvable, t->stopped, t->nodes, t->updates, t->branches, secs,
			secs > 0 ? (double)(t->puzzles - before) / secs : 0.0, sat);
}

/*
 * Solves (or makes) the puzzles, in: the input (NULL for --generate),
 * name: its name for messages.  Returns the exit status, after the
 * messages and --stats.
 */
static int run_puzzles(const struct puzzle_options *o, FILE *in, const char *name)
{
	struct run ru = { 0 };
	ru.o = o;
	ru.name = name;
	ru.in.part = o->cli.part;
	ru.in.parts = o->cli.parts;
	ru.text_size = longest_board_text();
	ru.in.rd = in ? sudoku_reader_new(in, o->format, o->alphabet) : NULL;
	if (ru.in.rd)
		sudoku_reader_set_box(ru.in.rd, o->box);
	struct puzzle_worker w;
	bool w_ok = puzzle_worker_init(&w, o, name, ru.text_size);
	if ((in && !ru.in.rd) || !w_ok) {
		fprintf(stderr, "dlx-sudoku: out of memory\n");
		sudoku_reader_free(ru.in.rd);
		puzzle_worker_free(&w);
		return CLI_EXIT_FAILURE;
	}
	if (o->jigsaw && !o->regions)
		sudoku_reader_expect_regions(ru.in.rd);
	/* Answers are whole lines and the run flushes before exiting, so a big buffer tears nothing. */
	if (!isatty(STDOUT_FILENO))
		setvbuf(stdout, NULL, _IOFBF, 1 << 16);
	cli_catch_signals();
	run_start(&ru);
	w.lim = &ru.lim;
	ru.fd = in ? fileno(in) : -1;
	if (o->generate)
		ru.known_total = o->gen_count;

	bool svg = o->svg && !o->quiet;
	if (svg && !sudoku_svg_start()) {
		fprintf(stderr, "dlx-sudoku: out of memory\n");
		sudoku_reader_free(ru.in.rd);
		puzzle_worker_free(&w);
		return CLI_EXIT_FAILURE;
	}
	struct cli_checkpoint ck = { "dlx-sudoku", o->checkpoint, o->resume, o->checkpoint_every, 0, NULL, &ru.lim,
		false, false, NULL, NULL, 0, false, NULL, NULL, NULL, 0, 1, false, NULL, NULL, NULL, false };
	struct run_checkpoint rck = { 0 };
	if (o->checkpoint) {
		ru.search_ck = &ck;
		ru.run_ck = &rck;
		cli_catch_hangup();
	}
	int status = o->generate ? generate_puzzles(&ru, &w) : solve_puzzles(&ru, &w);
	/* The input read to its end (or a lone count searched): a run checkpoint has nothing left to resume. */
	bool ended = status == 0;
	cli_progress_end(&ru.lim);
	if (svg && !sudoku_svg_finish(o, ru.total.puzzles) && status == 0)
		status = CLI_EXIT_FAILURE;
	double secs = cli_now() - ru.start;
	const struct tally *t = &ru.total;
	if (status == 0)
		status = t->stopped ? CLI_EXIT_STOPPED : t->unsolvable ? CLI_EXIT_NONE : CLI_EXIT_OK;
	if (status > 128)
		fprintf(stderr, "dlx-sudoku: %s\n", cli_interruption(status - 128));
	if (o->stats)
		print_stats(o, t, ru.puzzles_before, secs);
	status = cli_finish_output("dlx-sudoku", false, status);
	/* The answers are out (or the run failed): only then may a finished checkpoint go. */
	if (w.ckpt && w.ckpt_ran)
		cli_checkpoint_done(&ck, &w.ckpt_stats, status != CLI_EXIT_FAILURE && status != CLI_EXIT_USAGE);
	if (ru.run_ck_on)
		status = run_checkpoint_finish(&rck, ended && status != CLI_EXIT_FAILURE, status);
	sudoku_reader_free(ru.in.rd);
	input_free(&ru.in);
	puzzle_worker_free(&w);
	return status;
}

/* --variant killer: the one puzzle is the empty board of the cages, as a line of N² blanks. */
static int run_empty_board(const struct puzzle_options *o)
{
	size_t cells = (size_t)o->extras_side * o->extras_side;
	char *text = malloc(cells + 2);
	FILE *in = text ? fmemopen(text, cells + 1, "r") : NULL;
	if (!in) {
		free(text);
		fprintf(stderr, "dlx-sudoku: out of memory\n");
		return CLI_EXIT_FAILURE;
	}
	memset(text, '.', cells);
	text[cells] = '\n';
	text[cells + 1] = '\0';
	/* Whatever --format says of the puzzles, this one is a line. */
	struct puzzle_options line = *o;
	line.format = SUDOKU_FORMAT_LINE;
	int status = run_puzzles(&line, in, o->cages_file);
	fclose(in);
	free(text);
	return status;
}

/* After the options: reads --regions, --parity and --cages, settles --generate's board, opens the input, runs. */
static int prepare_and_run(struct puzzle_options *o)
{
	if (o->grid_file)
		return grid_run(o);
	int status = o->regions_file ? load_regions(o) : 0;
	if (!status)
		status = load_extras(o);
	if (status)
		return status;
	if (o->print_cages && !o->generate)
		return print_cages(o);
	if (o->generate) {
		status = check_generate(o);
		return status ? status : run_puzzles(o, NULL, "--generate");
	}
	if (o->killer)
		return run_empty_board(o);
	const char *name;
	FILE *in = cli_open_input("dlx-sudoku", o->file, &name);
	if (!in)
		return CLI_EXIT_USAGE;
	status = run_puzzles(o, in, name);
	cli_close_input(in);
	return status;
}

int main(int argc, char **argv)
{
	cli_name_program(&puzzle_program, argc, argv);
	puzzle_out = stdout;
	struct puzzle_options o = { 0 };
	int status = parse_puzzle_options(argc, argv, &o);
	if (status)
		return status == CLI_OPTION_EXIT ? cli_finish_output("dlx-sudoku", false, CLI_EXIT_OK) : status;
	/* Each file written, before any is opened: none may be a file the run reads or the other one it writes. */
	const char *resume = o.resume && o.checkpoint && strcmp(o.resume, o.checkpoint) != 0 ? o.resume : NULL;
	const char *files[] = { o.file, o.regions_file, o.parity_file, o.cages_file, o.grid_file, resume, o.checkpoint };
	const char *names[] = { "the input", "--regions", "--parity", "--cages", "--grid", "--resume", "--checkpoint" };
	/* Without --output-file, standard output: a file appended to as it is read would never end. */
	if ((o.output_file ? cli_output_clashes("dlx-sudoku", "--output-file", o.output_file, files, names, 7)
			   : cli_stdout_clashes("dlx-sudoku", files, names, 7)) ||
		cli_output_clashes("dlx-sudoku", "--checkpoint", o.checkpoint, files, names, 6))
		status = CLI_EXIT_USAGE;
	/* A resumed run opens it itself: it may keep what is there. */
	else if (o.output_file && !o.resume && !freopen(o.output_file, "w", stdout)) {
		/* A write error, exit 3, as in dlx. */
		fprintf(stderr, "dlx-sudoku: %s: %s\n", o.output_file, strerror(errno));
		status = CLI_EXIT_FAILURE;
	} else {
		cli_name_output(o.output_file);
		status = prepare_and_run(&o);
	}
	free(o.regions);
	free(o.parity);
	free(o.cages);
	return status;
}
