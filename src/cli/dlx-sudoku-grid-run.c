/*
 * dlx-sudoku --grid FILE (dlx-sudoku-grid-run.h): a run of its own, one
 * puzzle after the other in the calling thread, since a general board has
 * none of the formats, variants and pictures the pipeline's workers know.
 */
#define _POSIX_C_SOURCE 200809L
#include "dlx-sudoku-grid-run.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "dlx-sudoku-grid.h"
#include "draw-grid.h"
#include "draw-svg.h"
#include "sudoku-grid.h"

/* Each check of a generated puzzle's uniqueness gives up after this many nodes, as --generate's default. */
#define GRID_GEN_NODE_LIMIT 10000000u

struct grid_ctx {
	const struct puzzle_options *o;
	const struct sudoku_grid_file *f;
	dlx_sudoku_grid *g;
	const char *name;       /* the input's name for messages */
	char *text;             /* one board's text */
	bool line_form;         /* write boards as one line of their cells */
	struct cli_limits lim;
	bool write_failed;
	/* --output svg: the boards' drawings, held until their number is known (the document's size) */
	FILE *svg;
	char *svg_buf;
	size_t svg_len;
	uint64_t boards;
	struct draw_sheet sheet;
};

/* What --stats reports; unsolvable and stopped also make the exit status. */
struct tally_counts {
	uint64_t puzzles, solved, unsolvable, stopped, nodes, updates, branches;
};

/* The first option given that has no meaning with --grid, or NULL. */
static const char *unsupported(const struct puzzle_options *o)
{
	if (o->mode == MODE_GRADE)
		return "--grade";
	if (o->mode == MODE_SCORE)
		return "--score";
	if (o->mode == MODE_CANDIDATES)
		return "--candidates";
	/* The techniques are written for 9x9's rows, columns and boxes. */
	if (o->mode == MODE_EXPLAIN || o->mode == MODE_HINT || o->mode == MODE_RATE)
		return o->mode == MODE_EXPLAIN ? "--explain" : o->mode == MODE_HINT ? "--hint" : "--rate";
	if (o->pdf)
		return "--output pdf (--output svg draws grids)";
	if (o->have_output && o->output != SUDOKU_LAYOUT_LINE && o->output != SUDOKU_LAYOUT_COMPACT)
		return "--output other than line and compact";
	if (o->format != SUDOKU_FORMAT_AUTO)
		return "--format";
	if (o->alphabet != SUDOKU_ALPHA_AUTO)
		return "--alphabet (the grid file lists its symbols)";
	if (o->flags || o->jigsaw || o->killer)
		return "--variant (the grid file lists its units)";
	if (o->regions_file || o->parity_file || o->cages_file || o->print_cages)
		return "--regions, --parity, --cages and --print-cages";
	if (o->size || o->box.rows)
		return "--size and --box (the grid file gives the board)";
	if (o->symmetry)
		return "--symmetry and --symmetric";
	if (o->cli.parts)
		return "--part";
	if (o->cli.propagate)
		return "--propagate";
	return NULL;
}

static void put(struct grid_ctx *c, const char *text, size_t n)
{
	if (!c->o->quiet && !cli_wrote(fwrite(text, 1, n, stdout) == n))
		c->write_failed = true;
}

static void put_str(struct grid_ctx *c, const char *s)
{
	put(c, s, strlen(s));
}

/* --output svg: board seq's drawing, the givens and the solution (or NULL) with a note in its caption. */
static void draw_board(struct grid_ctx *c, uint64_t seq, const uint8_t *givens, const uint8_t *solution,
	const char *note)
{
	if (c->o->quiet)
		return;
	char caption[160];
	snprintf(caption, sizeof caption, "%" PRIu64 "%s%s", seq + 1, note ? ": " : "", note ? note : "");
	const struct sudoku_grid_file *f = c->f;
	struct draw_grid g = { f->rows, f->cols, f->cells, f->units, f->n_units, givens, solution, f->symbols, caption };
	double x, y;
	draw_sheet_place(&c->sheet, seq, &x, &y);
	if (draw_grid_svg(c->svg, &g, x, y, c->sheet.slot_w, c->sheet.slot_h))
		c->write_failed = true;
	c->boards++;
}

/* --output svg: the document of every board drawn, on stdout. */
static bool finish_svg(struct grid_ctx *c)
{
	bool ok = fclose(c->svg) == 0 && !c->write_failed;
	c->svg = NULL;
	if (ok && c->boards)
		ok = cli_wrote(draw_svg_begin(stdout, &c->sheet, c->boards) == 0 &&
			fwrite(c->svg_buf, 1, c->svg_len, stdout) == c->svg_len && draw_svg_end(stdout) == 0);
	free(c->svg_buf);
	c->svg_buf = NULL;
	return ok;
}

/* --all: each solution as it comes, an empty line after a board of rows. */
static int print_solution(void *ctx, const uint8_t *board)
{
	struct grid_ctx *c = ctx;
	size_t n = sudoku_grid_write(c->text, c->f, c->line_form, board);
	if (!c->line_form)
		c->text[n++] = '\n';
	put(c, c->text, n);
	return c->write_failed;
}

static dlx_sudoku_params search_params(struct grid_ctx *c)
{
	const struct puzzle_options *o = c->o;
	dlx_sudoku_params sp = DLX_SUDOKU_PARAMS_INIT;
	sp.node_limit = o->cli.node_limit;
	sp.on_poll = cli_poll;
	sp.poll_ctx = &c->lim;
	sp.poll_interval = CLI_POLL_INTERVAL;
	sp.solution_ctx = c;
	switch (o->mode) {
	case MODE_SOLVE: sp.limit = 1; break;
	case MODE_UNIQUE: sp.limit = 2; break;
	case MODE_ALL:
		sp.limit = o->cli.limit;
		sp.on_solution = o->quiet ? NULL : print_solution;
		break;
	default:
		sp.limit = o->cli.limit;
		/* Counts split over the threads; a node limit would then be approximate, so it keeps one. */
		sp.threads = o->cli.node_limit ? 1 : o->cli.threads;
		break;
	}
	return sp;
}

/* One puzzle's answer; returns 0, or an exit status that ends the run. */
static int answer(struct grid_ctx *c, const uint8_t *givens, size_t line, uint64_t seq, uint8_t *solution,
	struct tally_counts *t)
{
	const struct puzzle_options *o = c->o;
	cli_limits_init(&c->lim, "dlx-sudoku", o->cli.time_limit, o->cli.progress);
	dlx_sudoku_params sp = search_params(c);
	dlx_sudoku_result res;
	dlx_error_info err;
	int rc = dlx_sudoku_grid_solve(c->g, givens, &sp, o->mode == MODE_SOLVE ? solution : NULL, &res, &err);
	cli_progress_end(&c->lim);
	if (rc == DLX_ERR_CONFLICT || rc == DLX_ERR_INVALID) {
		fprintf(stderr, "dlx-sudoku: %s:%zu: %s\n", c->name, line, err.message);
	} else if (rc) {
		fprintf(stderr, "dlx-sudoku: %s:%zu: %s\n", c->name, line, dlx_strerror(rc));
		return CLI_EXIT_FAILURE;
	}
	const dlx_stats *st = &res.stats;
	struct cli_stop stop = cli_stop_classify(st->stop, &c->lim);
	if (st->stop == DLX_STOP_CALLBACK)
		return CLI_EXIT_FAILURE;
	t->puzzles++;
	t->nodes += st->nodes;
	t->updates += st->updates;
	t->branches += st->branches;
	if (stop.why)
		t->stopped++;
	else if (!st->solutions)
		t->unsolvable++;
	else
		t->solved++;
	uint64_t n = st->solutions;
	char buf[96];
	switch (o->mode) {
	case MODE_SOLVE:
		if (c->svg) {
			if (stop.why)
				snprintf(buf, sizeof buf, "unknown (%s)", stop.why);
			draw_board(c, seq, givens, n ? solution : NULL, n ? NULL : stop.why ? buf : "no solution");
			break;
		}
		if (!c->line_form && seq > 0)
			put(c, "\n", 1);
		if (n)
			put(c, c->text, sudoku_grid_write(c->text, c->f, c->line_form, solution));
		else if (stop.why)
			snprintf(buf, sizeof buf, "unknown (%s)\n", stop.why), put_str(c, buf);
		else
			put_str(c, "no solution\n");
		break;
	case MODE_UNIQUE:
		if (n >= 2)
			put_str(c, "multiple\n");
		else if (stop.why)
			snprintf(buf, sizeof buf, "unknown (%s)\n", stop.why), put_str(c, buf);
		else
			put_str(c, n ? "unique\n" : "none\n");
		break;
	case MODE_ALL:
		if (n == 0 && !stop.why && !o->count)
			put_str(c, c->line_form ? "no solution\n" : "no solution\n\n");
		if (stop.why && !o->count) {
			snprintf(buf, sizeof buf, "%s after %" PRIu64 " solution%s\n", stop.why, n, n == 1 ? "" : "s");
			put_str(c, buf);
		}
		if (!o->count)
			break;
		/* fall through */
	default:
		if (stop.why)
			snprintf(buf, sizeof buf, "count >= %" PRIu64 " (%s)\n", n, stop.why);
		else
			snprintf(buf, sizeof buf, "%" PRIu64 "\n", n);
		put_str(c, buf);
		break;
	}
	return stop.interrupted ? stop.status : 0;
}

/* --stats: the run's totals on stderr, as for other boards. */
static void print_stats(const struct grid_ctx *c, const struct tally_counts *t, double secs)
{
	if (!c->o->stats)
		return;
	if (c->o->generate)
		fprintf(stderr, "puzzles: %" PRIu64 ", made: %" PRIu64 ", nodes: %" PRIu64 ", time: %.3f s, puzzles/s: %.1f\n",
			t->puzzles, t->solved, t->nodes, secs, secs > 0 ? (double)t->puzzles / secs : 0.0);
	else
		fprintf(stderr,
			"puzzles: %" PRIu64 ", solved: %" PRIu64 ", unsolvable: %" PRIu64 ", stopped: %" PRIu64
			", nodes: %" PRIu64 ", updates: %" PRIu64 ", branches: %" PRIu64 ", time: %.3f s, puzzles/s: %.0f\n",
			t->puzzles, t->solved, t->unsolvable, t->stopped, t->nodes, t->updates, t->branches, secs,
			secs > 0 ? (double)t->puzzles / secs : 0.0);
}

static int solve_all(struct grid_ctx *c, FILE *in)
{
	double start = cli_now();
	size_t positions = (size_t)c->f->rows * c->f->cols;
	uint8_t *board = malloc(positions), *solution = malloc(positions);
	struct sudoku_grid_reader rd;
	sudoku_grid_reader_init(&rd, in, c->f);
	struct tally_counts t = { 0, 0, 0, 0, 0, 0, 0 };
	int status = board && solution ? 0 : CLI_EXIT_FAILURE;
	if (status)
		fprintf(stderr, "dlx-sudoku: out of memory\n");
	uint64_t seq = 0;
	while (!status && !c->write_failed) {
		struct sudoku_read_error err;
		bool line_form;
		size_t line;
		int rc = sudoku_grid_read_puzzle(&rd, board, &line_form, &line, &err);
		if (rc == 0) {
			/* As without --grid: an input of no puzzle is a mistake, not an answer. */
			if (seq == 0) {
				fprintf(stderr, "dlx-sudoku: %s: no puzzle in the input\n", c->name);
				status = CLI_EXIT_USAGE;
			}
			break;
		}
		if (rc < 0) {
			cli_input_error("dlx-sudoku", c->name, err.line, err.message);
			status = rc == DLX_ERR_SYNTAX ? CLI_EXIT_USAGE : CLI_EXIT_FAILURE;
			break;
		}
		c->line_form = c->o->have_output ? c->o->output == SUDOKU_LAYOUT_LINE : line_form;
		status = answer(c, board, line, seq++, solution, &t);
	}
	sudoku_grid_reader_free(&rd);
	free(board);
	free(solution);
	if (!status && c->write_failed)
		status = CLI_EXIT_FAILURE;
	if (!status)
		status = t.stopped ? CLI_EXIT_STOPPED : t.unsolvable ? CLI_EXIT_NONE : CLI_EXIT_OK;
	print_stats(c, &t, cli_now() - start);
	return status;
}

static int generate_all(struct grid_ctx *c)
{
	const struct puzzle_options *o = c->o;
	size_t positions = (size_t)c->f->rows * c->f->cols;
	uint8_t *puzzle = malloc(positions);
	if (!puzzle) {
		fprintf(stderr, "dlx-sudoku: out of memory\n");
		return CLI_EXIT_FAILURE;
	}
	c->line_form = o->have_output && o->output == SUDOKU_LAYOUT_LINE;
	int status = 0;
	bool short_of = false;
	double start = cli_now();
	struct tally_counts t = { 0, 0, 0, 0, 0, 0, 0 };
	for (uint64_t i = 0; i < o->gen_count && !status && !c->write_failed; i++) {
		cli_limits_init(&c->lim, "dlx-sudoku", o->cli.time_limit, o->cli.progress);
		dlx_sudoku_params sp = DLX_SUDOKU_PARAMS_INIT;
		sp.node_limit = o->cli.node_limit ? o->cli.node_limit : GRID_GEN_NODE_LIMIT;
		sp.on_poll = cli_poll;
		sp.poll_ctx = &c->lim;
		sp.poll_interval = CLI_POLL_INTERVAL;
		dlx_stats st;
		/* Puzzle i of seed S: the library mixes the number, so neighbouring seeds share nothing. */
		uint64_t seed = o->seed + i * UINT64_C(0x9E3779B97F4A7C15);
		int rc = dlx_sudoku_grid_generate(c->g, seed, o->clues, &sp, puzzle, NULL, &st);
		cli_progress_end(&c->lim);
		t.puzzles++;
		t.nodes += st.nodes;
		t.solved += rc == DLX_OK;
		if (rc == DLX_ERR_STATE) {
			struct cli_stop stop = cli_stop_classify(st.stop, &c->lim);
			fprintf(stderr, "dlx-sudoku: puzzle %" PRIu64 ": no full board found (%s)\n", i + 1,
				stop.why ? stop.why : "stopped");
			status = stop.interrupted ? stop.status : CLI_EXIT_STOPPED;
			break;
		}
		if (rc == DLX_ERR_CONFLICT) {
			fprintf(stderr, "dlx-sudoku: %s: the grid has no full board: no puzzle can be made\n", o->grid_file);
			status = CLI_EXIT_NONE;
			break;
		}
		if (rc) {
			fprintf(stderr, "dlx-sudoku: %s\n", dlx_strerror(rc));
			status = CLI_EXIT_FAILURE;
			break;
		}
		size_t clues = 0;
		for (size_t p = 0; p < positions; p++)
			clues += puzzle[p] != 0;
		if (o->clues && clues > o->clues) {
			fprintf(stderr, "dlx-sudoku: puzzle %" PRIu64 ": %zu clues, no clue could go before %zu\n", i + 1, clues,
				o->clues);
			short_of = true;
		}
		if (c->svg) {
			draw_board(c, i, puzzle, NULL, NULL);
			continue;
		}
		if (!c->line_form && i > 0)
			put(c, "\n", 1);
		put(c, c->text, sudoku_grid_write(c->text, c->f, c->line_form, puzzle));
	}
	free(puzzle);
	print_stats(c, &t, cli_now() - start);
	if (!status && c->write_failed)
		status = CLI_EXIT_FAILURE;
	return status ? status : short_of ? CLI_EXIT_STOPPED : CLI_EXIT_OK;
}

/*
 * Reads the grid file into *f and builds its solver; returns 0 or an exit
 * status after a message.  A name without a '/' that is no file may be one
 * of the grids built in (samurai, twin, butterfly).
 */
static int load_grid(const char *path, struct sudoku_grid_file **f, dlx_sudoku_grid **g)
{
	const char *name = path, *builtin = strchr(path, '/') ? NULL : sudoku_grid_builtin(path);
	bool from_builtin = builtin && access(path, F_OK) != 0;
	FILE *in = from_builtin ? fmemopen((void *)builtin, strlen(builtin), "r")
		: cli_open_input("dlx-sudoku", path, &name);
	if (!in && from_builtin)
		fprintf(stderr, "dlx-sudoku: out of memory\n");
	if (!in)
		return from_builtin ? CLI_EXIT_FAILURE : CLI_EXIT_USAGE;
	struct sudoku_read_error rerr;
	int rc = sudoku_grid_read(in, f, &rerr);
	if (from_builtin)
		fclose(in);
	else
		cli_close_input(in);
	if (rc) {
		cli_input_error("dlx-sudoku", name, rerr.line, rerr.message);
		return rc == DLX_ERR_SYNTAX ? CLI_EXIT_USAGE : CLI_EXIT_FAILURE;
	}
	dlx_sudoku_grid_desc d = sudoku_grid_desc(*f);
	dlx_error_info err;
	rc = dlx_sudoku_grid_new(&d, g, &err);
	if (rc) {
		cli_input_error("dlx-sudoku", name, 0, err.message[0] ? err.message : dlx_strerror(rc));
		return rc == DLX_ERR_NOMEM ? CLI_EXIT_FAILURE : CLI_EXIT_USAGE;
	}
	return 0;
}

int grid_run(const struct puzzle_options *o)
{
	const char *bad = unsupported(o);
	if (bad) {
		fprintf(stderr, "dlx-sudoku: --grid does not take %s\n", bad);
		return CLI_EXIT_USAGE;
	}
	if (strcmp(o->grid_file, "-") == 0 && !o->generate && strcmp(o->file, "-") == 0) {
		fprintf(stderr, "dlx-sudoku: --grid - reads the grid from standard input: the puzzles need a file\n");
		return CLI_EXIT_USAGE;
	}
	struct grid_ctx c = { 0 };
	c.o = o;
	struct sudoku_grid_file *f = NULL;
	int status = load_grid(o->grid_file, &f, &c.g);
	if (status) {
		sudoku_grid_file_free(f);
		return status;
	}
	c.f = f;
	c.text = malloc(sudoku_grid_write_size(f) + 1);
	if (o->svg && !o->quiet) {
		double aspect = draw_grid_aspect(f->rows, f->cols);
		if (!o->per_page || !draw_sheet_pages(&c.sheet, o->per_page, aspect))
			draw_sheet_column(&c.sheet, 100.0, 100.0 * aspect);
		c.svg = open_memstream(&c.svg_buf, &c.svg_len);
	}
	if (!c.text || (o->svg && !o->quiet && !c.svg)) {
		fprintf(stderr, "dlx-sudoku: out of memory\n");
		status = CLI_EXIT_FAILURE;
	} else if (o->generate) {
		cli_catch_signals();
		status = generate_all(&c);
	} else {
		FILE *in = cli_open_input("dlx-sudoku", o->file, &c.name);
		if (!in) {
			status = CLI_EXIT_USAGE;
		} else {
			cli_catch_signals();
			status = solve_all(&c, in);
			cli_close_input(in);
		}
	}
	if (c.svg && !finish_svg(&c) && status == 0)
		status = CLI_EXIT_FAILURE;
	if (status > 128)
		fprintf(stderr, "dlx-sudoku: %s\n", cli_interruption(status - 128));
	status = cli_finish_output("dlx-sudoku", c.write_failed, status);
	free(c.text);
	dlx_sudoku_grid_free(c.g);
	sudoku_grid_file_free(f);
	return status;
}
