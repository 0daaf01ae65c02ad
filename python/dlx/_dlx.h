/*
 * What the extension module's two files share: the poll that takes the
 * GIL back to look for Ctrl-C and keeps time limits, errors as Python
 * exceptions, statistics as tuples, and the sudoku half's entry points.
 */
#ifndef DLXPY_H
#define DLXPY_H

#include <Python.h>
#include <stdbool.h>

#include "dlx.h"

/* The context of dlxpy_poll(), for one search made with the GIL released. */
struct dlxpy_poll {
	PyThreadState *tstate; /* the saved thread state while the GIL is released; NULL otherwise */
	bool main_thread;      /* searching in the main thread, the only one that sees signals */
	long long deadline;    /* CLOCK_MONOTONIC ns, 0 for none */
	long long next_signal_check;
	bool timed_out;        /* the poll stopped the search at the deadline */
	bool interrupted;      /* a signal handler raised: its exception is set */
};

/* Sets up the poll of a search with time_limit seconds (0, or more than 1e9 such as infinity: none), in the calling thread. */
void dlxpy_poll_init(struct dlxpy_poll *pc, double time_limit);
/* A dlx_poll_fn: the deadline, and every 50 ms in the main thread the signal handlers. */
int dlxpy_poll(void *ctx, const dlx_stats *so_far);
/* Points sp's poll at pc. */
void dlxpy_poll_params(struct dlxpy_poll *pc, dlx_search_params *sp);
/* Raises the Python exception of a dlx_error (err's message when it has one); returns -1. */
int dlxpy_set_error(int rc, const dlx_error_info *err);
/* (solutions, nodes, updates, branches, max_level, progress, stop) */
PyObject *dlxpy_stats_tuple(const dlx_stats *st, const char *stop);
/* "complete", "limit", "node_limit", "time_limit", "interrupted", ... */
const char *dlxpy_stop_name(dlx_stop_reason stop, const struct dlxpy_poll *pc);
/* dlx.FormatError, and raising it with a line. */
extern PyObject *dlxpy_format_error;
void dlxpy_raise_format(size_t line, const char *message);

/* _dlx_sudoku.c: its type made ready, its objects added to the module, its functions. */
int dlxpy_sudoku_ready(void);
int dlxpy_sudoku_add(PyObject *m);
PyObject *dlxpy_sudoku_read(PyObject *self, PyObject *args);
PyObject *dlxpy_sudoku_write(PyObject *self, PyObject *args);
PyObject *dlxpy_sudoku_read_regions(PyObject *self, PyObject *args);
/* _dlx_explain.c */
PyObject *dlxpy_sudoku_explain(PyObject *self, PyObject *args);
#define DLXPY_SUDOKU_METHODS \
	{ "sudoku_read", dlxpy_sudoku_read, METH_VARARGS, \
	  "sudoku_read(data, format, alphabet, regions) -> [(box, cells, line, format, alphabet, spaced, regions)]" }, \
	{ "sudoku_write", dlxpy_sudoku_write, METH_VARARGS, \
	  "sudoku_write(board, box, layout, alphabet) -> str" }, \
	{ "sudoku_read_regions", dlxpy_sudoku_read_regions, METH_VARARGS, \
	  "sudoku_read_regions(data, alphabet) -> (box, map)" }, \
	{ "sudoku_explain", dlxpy_sudoku_explain, METH_VARARGS, \
	  "sudoku_explain(cells) -> ([(technique, rating, placements, eliminations, text)], rating, solved, class)" }

#endif
