/* dlx-sudoku's command line: its options, their checks and its --help. */
#ifndef DLX_SUDOKU_OPTIONS_H
#define DLX_SUDOKU_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "cli-options.h"
#include "dlx-sudoku-explain.h"
#include "dlx-sudoku.h"
#include "sudoku-extras.h"
#include "sudoku-read.h"
#include "sudoku-write.h"

/* What to tell about each puzzle read (--generate reads none and has no mode). */
enum puzzle_mode {
	MODE_SOLVE,    /* its first solution */
	MODE_COUNT,    /* --count: its number of solutions */
	MODE_UNIQUE,   /* --unique: unique, multiple or none */
	MODE_ALL,      /* --all: every solution (and with --count, their number) */
	MODE_SCORE,    /* --score=target: the best target-sudoku score */
	MODE_GRADE,    /* --grade: the difficulty grade and the guesses */
	MODE_CANDIDATES, /* --candidates: the pencil marks after the givens and singles */
	MODE_EXPLAIN,  /* --explain: every step of a human solver, and the rating */
	MODE_HINT,     /* --hint: the next step only */
	MODE_RATE      /* --rate: the rating on Sudoku Explainer's scale, and its class */
};

struct puzzle_options {
	bool generate;           /* --generate: make puzzles instead of reading any; mode is unused */
	enum puzzle_mode mode;
	bool count, stats, quiet, have_output;
	struct cli_options cli;  /* --limit, the limits, --threads (set by then), --part, --progress */
	/* --generate */
	uint64_t gen_count, seed;
	unsigned size;           /* --size: box size; 0 = not given */
	struct sudoku_box box;   /* --box RxC; { 0, 0 } = not given */
	unsigned gen_rows, gen_cols; /* the boxes of generated boards, once check_generate() settled them */
	size_t clues;            /* 0 = minimal */
	unsigned symmetry;       /* DLX_SUDOKU_SYM_* (--symmetry, --symmetric) */
	bool rated;              /* --rating or --difficulty: only puzzles whose rating is in `rating` */
	dlx_sudoku_rating_range rating;
	char rating_text[24];    /* the band for messages: "2.0-3.0", "4.5", "expert", "beyond logic" */
	uint64_t tries;          /* --tries: candidates per puzzle; 0 = the library's default */
	/* variants */
	unsigned flags;          /* DLX_SUDOKU_X, DLX_SUDOKU_WINDOKU */
	bool jigsaw;
	bool killer;             /* --variant killer: the input is a cage file, the puzzle the empty board */
	const char *regions_file;
	uint8_t *regions;        /* the --regions map, N² numbers 1..N; owned, NULL until read */
	unsigned regions_side;   /* its side */
	const char *parity_file, *cages_file;
	const char *grid_file;   /* --grid: a general board (dlx-sudoku-grid.c runs it) */
	enum { PRINT_CAGES_NONE, PRINT_CAGES_MAP, PRINT_CAGES_LINE } print_cages;
	uint8_t *parity;         /* the --parity map, N² marks; owned, NULL until read */
	struct sudoku_cages *cages; /* the --cages file; owned, NULL until read */
	unsigned extras_side;    /* the side of both (they must agree) */
	dlx_sudoku_extras extras; /* both for the library, pointing into them */
	enum sudoku_format format;
	enum sudoku_alphabet alphabet;
	enum sudoku_layout output;
	bool svg;                /* --output svg or pdf: the boards drawn (dlx-sudoku-draw.h) */
	bool pdf;                /* --output pdf: their pages as PDF */
	unsigned per_page;       /* --per-page N: A4 pages of N boards; 0 = one column (SVG only) */
	const char *file;        /* the input file, "-" for standard input */
	const char *output_file; /* --output-file FILE: the answers go there, not to standard output */
	/*
	 * --checkpoint FILE (or --resume's FILE), --resume FILE, --checkpoint-every SEC:
	 * a lone puzzle's count saves its search, a run of puzzles its place (dlx-sudoku-resume.h)
	 */
	const char *checkpoint, *resume;
	double checkpoint_every;
	bool threads_given;      /* --threads N was on the command line (a checkpointed count takes 1) */
	dlx_sudoku_engine engine; /* --engine: DLX_SUDOKU_ENGINE_AUTO unless given */
};

/* dlx-sudoku's name and --help, for the shared option helpers. */
extern const struct cli_program puzzle_program;

/*
 * Parses the command line into *o, which must be zeroed.  Returns 0,
 * CLI_OPTION_EXIT after --help or --version, or CLI_EXIT_USAGE after a
 * message on stderr.  The --regions file is not read yet.
 */
int parse_puzzle_options(int argc, char **argv, struct puzzle_options *o);

#endif
