/*
 * dlx-sudoku's input: the puzzles of the --part, read ahead where the run
 * needs to look before it chooses how to solve them, and the --regions map.
 */
#ifndef DLX_SUDOKU_INPUT_H
#define DLX_SUDOKU_INPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dlx-sudoku-options.h"
#include "sudoku-read.h"

struct puzzle_input {
	struct sudoku_reader *rd;
	uint32_t part, parts;   /* --part K/M: puzzles K, K+M, ... only; parts <= 1: all */
	uint64_t read;          /* puzzles read, selected or not */
	/* Read ahead to tell a lone puzzle from a file of them. */
	unsigned ahead, ahead_used;
	int ahead_rc[2];
	struct sudoku_puzzle ahead_pz[2];
	struct sudoku_read_error ahead_err[2];
	uint8_t *ahead_cells[2];
	bool ended;             /* the pipeline's producer saw the end or an error */
};

/*
 * The next puzzle of the part: those read ahead first, then the reader's.
 * Returns as sudoku_reader_next(): 1 with *pz, 0 at the end, or an error
 * code with *err.  *pz's cells stay valid until the next call.
 */
int input_next(struct puzzle_input *in, struct sudoku_puzzle *pz, struct sudoku_read_error *err);

/*
 * Reads the next puzzle ahead into in->ahead_*[in->ahead] (at most twice),
 * keeping a copy of its cells past the next read.  False if out of memory.
 */
bool input_read_ahead(struct puzzle_input *in);

/*
 * Reads ahead until the first two inputs are known, or the first is no
 * puzzle (what tells a lone puzzle); puzzles already read ahead are not
 * read again.  False when out of memory.
 */
bool input_read_two_ahead(struct puzzle_input *in);

/* Frees the read-ahead copies (not the reader). */
void input_free(struct puzzle_input *in);

/*
 * Moves a puzzle's cells (and region map, and candidates) from the reader's buffers, which
 * the next read overwrites, to *buf (grown as needed; the caller frees it).
 * False if out of memory.
 */
bool copy_puzzle(struct sudoku_puzzle *pz, uint8_t **buf, size_t *cap);

/*
 * The number of puzzles a count-format input announces for the part, for
 * progress: its T, of which the part takes its share.  0 if unknown (a
 * pipe cannot be read twice).  Reads with pread, leaving fd's position alone.
 */
uint64_t count_format_part_total(int fd, uint32_t part, uint32_t parts);

/* Reads --regions FILE into o->regions; returns 0 or an exit status after a message. */
int load_regions(struct puzzle_options *o);

/*
 * Reads --parity and --cages into o->parity, o->cages and o->extras (the
 * one-line cage form also sets o->box and, with 'd', the X flag); returns 0
 * or an exit status after a message.
 */
int load_extras(struct puzzle_options *o);

/* --print-cages: writes the cages in the form asked for; returns the exit status. */
int print_cages(const struct puzzle_options *o);

#endif
