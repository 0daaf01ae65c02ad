/* dlx-sudoku's input (dlx-sudoku-input.h): the part's puzzles, read-ahead, the --regions map, --parity and --cages. */
#define _POSIX_C_SOURCE 200809L
#include "dlx-sudoku-input.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli-options.h"
#include "cli.h"
#include "dlx-sudoku.h"

/* Like sudoku_reader_next(), for the puzzles of the part only, not those read ahead. */
static int input_next_unread(struct puzzle_input *in, struct sudoku_puzzle *pz, struct sudoku_read_error *err)
{
	for (;;) {
		int rc = sudoku_reader_next(in->rd, pz, err);
		if (rc <= 0)
			return rc;
		uint64_t k = in->read++;
		if (in->parts <= 1 || k % in->parts == in->part - 1)
			return 1;
	}
}

int input_next(struct puzzle_input *in, struct sudoku_puzzle *pz, struct sudoku_read_error *err)
{
	if (in->ahead_used < in->ahead) {
		unsigned k = in->ahead_used++;
		*pz = in->ahead_pz[k];
		*err = in->ahead_err[k];
		return in->ahead_rc[k];
	}
	return input_next_unread(in, pz, err);
}

bool copy_puzzle(struct sudoku_puzzle *pz, uint8_t **buf, size_t *cap)
{
	size_t cells = (size_t)pz->side * pz->side;
	size_t need = (pz->regions ? 2 * cells : cells) + (pz->marks ? cells * pz->side : 0);
	if (*cap < need) {
		uint8_t *p = realloc(*buf, need);
		if (!p)
			return false;
		*buf = p;
		*cap = need;
	}
	memcpy(*buf, pz->cells, cells);
	pz->cells = *buf;
	size_t at = cells;
	if (pz->regions) {
		memcpy(*buf + at, pz->regions, cells);
		pz->regions = *buf + at;
		at += cells;
	}
	if (pz->marks) {
		memcpy(*buf + at, pz->marks, cells * pz->side);
		pz->marks = *buf + at;
	}
	return true;
}

bool input_read_ahead(struct puzzle_input *in)
{
	unsigned k = in->ahead;
	/*
	 * From the reader, not input_next(): that would hand back the puzzle
	 * read ahead before, and a lone puzzle would never look lone.
	 */
	in->ahead_rc[k] = input_next_unread(in, &in->ahead_pz[k], &in->ahead_err[k]);
	in->ahead++;
	if (in->ahead_rc[k] == 1) {
		size_t cap = 0;
		return copy_puzzle(&in->ahead_pz[k], &in->ahead_cells[k], &cap);
	}
	return true;
}

bool input_read_two_ahead(struct puzzle_input *in)
{
	if (in->ahead == 0 && !input_read_ahead(in))
		return false;
	return in->ahead != 1 || in->ahead_rc[0] != 1 || input_read_ahead(in);
}

void input_free(struct puzzle_input *in)
{
	free(in->ahead_cells[0]);
	free(in->ahead_cells[1]);
}

/*
 * The T of a count-format input: the first line that is not empty or a
 * comment.  pread leaves the reader's position alone; a pipe cannot be
 * read twice, so its total stays unknown (0).
 */
static uint64_t count_format_total(int fd)
{
	char buf[4096];
	ssize_t n = pread(fd, buf, sizeof buf - 1, 0);
	if (n <= 0)
		return 0;
	buf[n] = '\0';
	char *line = buf;
	while (line && *line) {
		char *nl = strchr(line, '\n');
		if (nl)
			*nl = '\0';
		char *p = line + strspn(line, " \t\r");
		if (*p && *p != '#') {
			size_t len = strspn(p, "0123456789");
			p[len] = '\0';
			uint64_t t;
			return cli_parse_u64(p, &t) ? t : 0;
		}
		line = nl ? nl + 1 : NULL;
	}
	return 0;
}

uint64_t count_format_part_total(int fd, uint32_t part, uint32_t parts)
{
	uint64_t total = count_format_total(fd);
	/* Puzzles K, K+M, K+2M, ... of the T. */
	if (parts <= 1)
		return total;
	return total >= part ? (total - part) / parts + 1 : 0;
}

int load_regions(struct puzzle_options *o)
{
	FILE *f = fopen(o->regions_file, "r");
	if (!f) {
		fprintf(stderr, "dlx-sudoku: %s: %s\n", o->regions_file, strerror(errno));
		return CLI_EXIT_USAGE;
	}
	o->regions = malloc((size_t)DLX_SUDOKU_MAX_SIDE * DLX_SUDOKU_MAX_SIDE);
	struct sudoku_read_error err;
	int rc = o->regions ? sudoku_read_region_map(f, o->alphabet, &o->box, o->regions, &o->regions_side, &err)
		: DLX_ERR_NOMEM;
	fclose(f);
	if (rc == 0)
		return 0;
	if (rc == DLX_ERR_NOMEM)
		fprintf(stderr, "dlx-sudoku: out of memory\n");
	else
		cli_input_error("dlx-sudoku", o->regions_file, err.line, err.message);
	free(o->regions);
	o->regions = NULL;
	return rc == DLX_ERR_NOMEM ? CLI_EXIT_FAILURE : CLI_EXIT_USAGE;
}


/* Opens a file named on the command line for reading, or says why not. */
static FILE *open_named(const char *name)
{
	FILE *f = fopen(name, "r");
	if (!f)
		fprintf(stderr, "dlx-sudoku: %s: %s\n", name, strerror(errno));
	return f;
}

/* A reader's error as an exit status, after the message. */
static int read_failed(int rc, const char *file, const struct sudoku_read_error *err)
{
	if (rc == DLX_ERR_NOMEM) {
		fprintf(stderr, "dlx-sudoku: out of memory\n");
		return CLI_EXIT_FAILURE;
	}
	cli_input_error("dlx-sudoku", file, err->line, err->message);
	return CLI_EXIT_USAGE;
}

int load_extras(struct puzzle_options *o)
{
	struct sudoku_read_error err;
	int rc;
	if (o->parity_file) {
		FILE *f = open_named(o->parity_file);
		if (!f)
			return CLI_EXIT_USAGE;
		o->parity = malloc(SUDOKU_EXTRAS_MAX_CELLS);
		rc = o->parity ? sudoku_read_parity(f, o->parity, &o->extras_side, &err) : DLX_ERR_NOMEM;
		fclose(f);
		if (rc)
			return read_failed(rc, o->parity_file, &err);
		o->extras.parity = o->parity;
	}
	if (o->cages_file) {
		/* --variant killer reads the input, which may be standard input. */
		const char *name;
		FILE *f = o->killer ? cli_open_input("dlx-sudoku", o->cages_file, &name) : open_named(o->cages_file);
		if (!f)
			return CLI_EXIT_USAGE;
		if (o->killer)
			o->cages_file = name;
		o->cages = malloc(sizeof *o->cages);
		rc = o->cages ? sudoku_read_cages(f, o->cages, &err) : DLX_ERR_NOMEM;
		if (o->killer)
			cli_close_input(f);
		else
			fclose(f);
		if (rc)
			return read_failed(rc, o->cages_file, &err);
		unsigned side = o->cages->side;
		if (o->extras_side && o->extras_side != side) {
			fprintf(stderr, "dlx-sudoku: %s: the cage file is %ux%u, but the parity map %s is %ux%u\n", o->cages_file,
				side, side, o->parity_file, o->extras_side, o->extras_side);
			return CLI_EXIT_USAGE;
		}
		o->extras_side = side;
		o->extras.cages = o->cages->cage;
		o->extras.sums = o->cages->sum;
		o->extras.n_cages = o->cages->n_cages;
		/*
		 * The one-line form says what the board is: its boxes and its
		 * diagonals.  A --box that says other boxes is a mistake in one of
		 * them (as for a drawn grid): neither is taken over the other.
		 */
		if (o->cages->box.rows && o->box.rows &&
		    (o->cages->box.rows != o->box.rows || o->cages->box.cols != o->box.cols)) {
			fprintf(stderr, "dlx-sudoku: %s: the cage line is in %ux%u boxes, --box says %ux%u\n", o->cages_file,
				o->cages->box.rows, o->cages->box.cols, o->box.rows, o->box.cols);
			return CLI_EXIT_USAGE;
		}
		if (o->cages->box.rows && !o->box.rows)
			o->box = o->cages->box;
		if (o->cages->diagonals)
			o->flags |= DLX_SUDOKU_X;
	}
	struct sudoku_box box;
	if (o->extras_side && !sudoku_box_of_side(o->extras_side, &o->box, &box)) {
		fprintf(stderr, "dlx-sudoku: %s: %ux%u boards have no boxes dlx-sudoku knows; give --box RxC\n",
			o->cages ? o->cages_file : o->parity_file, o->extras_side, o->extras_side);
		return CLI_EXIT_USAGE;
	}
	dlx_error_info why;
	rc = o->extras_side ? dlx_sudoku_check_extras(o->extras_side, &o->extras, &why) : DLX_OK;
	if (rc == DLX_ERR_NOMEM) {
		fprintf(stderr, "dlx-sudoku: out of memory\n");
		return CLI_EXIT_FAILURE;
	}
	if (rc) {
		fprintf(stderr, "dlx-sudoku: %s: %s\n", o->cages ? o->cages_file : o->parity_file, why.message);
		return CLI_EXIT_USAGE;
	}
	return 0;
}

int print_cages(const struct puzzle_options *o)
{
	int rc;
	if (o->print_cages == PRINT_CAGES_MAP) {
		rc = sudoku_write_cages_map(stdout, o->cages);
	} else {
		struct sudoku_box box;
		if (!sudoku_box_of_side(o->cages->side, &o->box, &box)) {
			fprintf(stderr, "dlx-sudoku: %s: %ux%u boards have no boxes the line form can name; give --box RxC\n",
				o->cages_file, o->cages->side, o->cages->side);
			return CLI_EXIT_USAGE;
		}
		rc = sudoku_write_cages_line(stdout, o->cages, box, (o->flags & DLX_SUDOKU_X) != 0);
		if (rc == DLX_ERR_INVALID) {
			fprintf(stderr, "dlx-sudoku: %s: the line form holds 256 cages and uncaged cells, sums up to 65535: "
				"these cages do not fit\n", o->cages_file);
			return CLI_EXIT_USAGE;
		}
	}
	return cli_finish_output("dlx-sudoku", false, CLI_EXIT_OK);
}
