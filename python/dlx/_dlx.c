/*
 * dlx._dlx: the extension module under the Python package dlx.  It holds
 * the engine's side of dlx.Problem (Engine: a libdlx problem built from
 * item numbers, its searches with the GIL released), the lazy iterator of
 * solutions on the core's pull search (dlx_iter_*), Knuth's format through
 * libdlx's reader, and (in _dlx_sudoku.c) the sudoku solver.  Names, colors
 * and the Python objects of the options are dlx/__init__.py's business.
 *
 * A bindings layer: it may use every library's public header, and the
 * sudoku text reader as the programs do (see ARCHITECTURE.md).
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "_dlx.h"
#include "dlx-ec.h"
#include "dlx.h"

/* The main thread's id: only it runs signal handlers, so only it checks for them. */
static unsigned long main_thread_id;

/* How often a search with the GIL released takes it back to look for Ctrl-C. */
#define SIGNAL_CHECK_NS 50000000LL

/* A time limit of more than 31 years is no limit. */
#define DLXPY_TIME_LIMIT_MAX 1e9

/* Nodes between polls: a clock read every 16384 nodes costs nothing measurable. */
#define POLL_INTERVAL 16384u

static long long now_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

void dlxpy_poll_init(struct dlxpy_poll *pc, double time_limit)
{
	pc->tstate = NULL;
	pc->main_thread = PyThread_get_thread_ident() == main_thread_id;
	/* Past DLXPY_TIME_LIMIT_MAX (math.inf included) there is no deadline: the nanoseconds would overflow. */
	pc->deadline = time_limit > 0 && time_limit <= DLXPY_TIME_LIMIT_MAX ? now_ns() + (long long)(time_limit * 1e9) : 0;
	pc->next_signal_check = now_ns() + SIGNAL_CHECK_NS;
	pc->timed_out = false;
	pc->interrupted = false;
}

int dlxpy_poll(void *ctx, const dlx_stats *so_far)
{
	(void)so_far;
	struct dlxpy_poll *pc = ctx;
	long long t = now_ns();
	if (pc->deadline && t >= pc->deadline) {
		pc->timed_out = true;
		return 1;
	}
	if (pc->main_thread && pc->tstate && t >= pc->next_signal_check) {
		pc->next_signal_check = t + SIGNAL_CHECK_NS;
		PyEval_RestoreThread(pc->tstate);
		/* A handler that raises (SIGINT's KeyboardInterrupt) leaves its exception set. */
		int r = PyErr_CheckSignals();
		pc->tstate = PyEval_SaveThread();
		if (r) {
			pc->interrupted = true;
			return 1;
		}
	}
	return 0;
}

void dlxpy_poll_params(struct dlxpy_poll *pc, dlx_search_params *sp)
{
	sp->on_poll = dlxpy_poll;
	sp->poll_ctx = pc;
	sp->poll_interval = POLL_INTERVAL;
}

int dlxpy_set_error(int rc, const dlx_error_info *err)
{
	const char *msg = err && err->message[0] ? err->message : dlx_strerror(rc);
	switch (rc) {
	case DLX_ERR_NOMEM:
		PyErr_NoMemory();
		break;
	case DLX_ERR_OVERFLOW:
		PyErr_SetString(PyExc_OverflowError, msg);
		break;
	case DLX_ERR_TOO_BIG:
	case DLX_ERR_INVALID:
	case DLX_ERR_DUPLICATE:
	case DLX_ERR_CONFLICT:
	case DLX_ERR_SYNTAX:
		PyErr_SetString(PyExc_ValueError, msg);
		break;
	case DLX_ERR_IO:
		PyErr_SetString(PyExc_OSError, msg);
		break;
	default:
		PyErr_SetString(PyExc_RuntimeError, msg);
		break;
	}
	return -1;
}

PyObject *dlxpy_stats_tuple(const dlx_stats *st, const char *stop)
{
	return Py_BuildValue("(KKKKIds)", (unsigned long long)st->solutions, (unsigned long long)st->nodes,
			     (unsigned long long)st->updates, (unsigned long long)st->branches,
			     (unsigned int)st->max_level, st->progress, stop);
}

const char *dlxpy_stop_name(dlx_stop_reason stop, const struct dlxpy_poll *pc)
{
	switch (stop) {
	case DLX_STOP_COMPLETE: return "complete";
	case DLX_STOP_LIMIT: return "limit";
	case DLX_STOP_NODE_LIMIT: return "node_limit";
	case DLX_STOP_POLL: return pc && pc->timed_out ? "time_limit" : "interrupted";
	case DLX_STOP_CALLBACK: return "stopped";
	default: return "error";
	}
}

/* ------------------------------------------------------------------ */
/* Engine: the options as item numbers, and a problem built from them. */

typedef struct {
	PyObject_HEAD
	size_t n_primary, n_secondary, n_options;
	size_t *items;       /* every option's items, one after the other */
	uint32_t *colors;    /* alike, or NULL when no option has a color */
	size_t *start;       /* n_options + 1 offsets into items */
	uint32_t *bounds;    /* 2 per primary item (lo, hi), or NULL when every item is 1:1 */
	uint64_t *costs;     /* one per option, or NULL when none has a cost */
	dlx_problem *problem; /* built once; lent to one search at a time */
	bool busy;           /* problem is lent to a search (checked and set with the GIL held) */
	bool shuffled;       /* problem's options are in a seed's order (dlx_shuffle_options()) */
	PyObject *labels;    /* tuple: what a solution lists for each option */
	dlx_stats last;      /* the last search's statistics, */
	const char *last_stop; /* and why it ended ("running" while it has not) */
} Engine;

/* A problem from the engine's options; NULL with an exception set. */
static dlx_problem *engine_build(Engine *e)
{
	dlx_problem *p = dlx_problem_new(e->n_primary, e->n_secondary);
	if (!p) {
		PyErr_NoMemory();
		return NULL;
	}
	for (size_t o = 0; o < e->n_options; o++) {
		size_t a = e->start[o], n = e->start[o + 1] - a;
		long rc = dlx_add_option_colored(p, e->items + a, e->colors ? e->colors + a : NULL, n);
		if (rc < 0) {
			dlx_problem_free(p);
			dlxpy_set_error((int)rc, NULL);
			if (rc != DLX_ERR_NOMEM) {
				PyErr_Format(PyExc_ValueError, "option %zu: %s", o, dlx_strerror((int)rc));
			}
			return NULL;
		}
		int crc = e->costs && e->costs[o] ? dlx_set_option_cost(p, o, e->costs[o]) : DLX_OK;
		if (crc) {
			dlx_problem_free(p);
			dlxpy_set_error(crc, NULL);
			return NULL;
		}
	}
	for (size_t i = 0; e->bounds && i < e->n_primary; i++) {
		uint32_t lo = e->bounds[2 * i], hi = e->bounds[2 * i + 1];
		int brc = lo == 1 && hi == 1 ? DLX_OK : dlx_set_item_bounds(p, i, lo, hi);
		if (brc) {
			dlx_problem_free(p);
			dlxpy_set_error(brc, NULL);
			return NULL;
		}
	}
	return p;
}

/*
 * The problem for a search, its options in input order: the engine's own, or
 * a copy built for it when that is lent.  A seeded iterator leaves the
 * engine's own shuffled; it is put back here, so that no other search (a
 * count's limit, best()'s ties, an estimate's probes) depends on a seed used
 * before it.  NULL with an exception set.
 */
static dlx_problem *engine_borrow(Engine *e)
{
	if (e->busy)
		return engine_build(e);
	if (e->shuffled) {
		int rc = dlx_unshuffle_options(e->problem);
		if (rc)
			return dlxpy_set_error(rc, NULL), NULL;
		e->shuffled = false;
	}
	e->busy = true;
	return e->problem;
}

static void engine_return(Engine *e, dlx_problem *p)
{
	if (p == e->problem)
		e->busy = false;
	else
		dlx_problem_free(p);
}

/* bounds: None, or a (lo, hi) pair of ints per primary item; the library checks their ranges. */
static int engine_take_bounds(Engine *e, PyObject *bounds)
{
	if (bounds == Py_None)
		return 0;
	PyObject *b = PySequence_Fast(bounds, "bounds must be a sequence or None");
	if (!b)
		return -1;
	int rc = -1;
	if ((size_t)PySequence_Fast_GET_SIZE(b) != e->n_primary) {
		PyErr_SetString(PyExc_ValueError, "bounds: one (lo, hi) per primary item");
		goto out;
	}
	e->bounds = PyMem_RawMalloc((e->n_primary ? e->n_primary : 1) * 2 * sizeof *e->bounds);
	if (!e->bounds) {
		PyErr_NoMemory();
		goto out;
	}
	for (size_t i = 0; i < e->n_primary; i++) {
		unsigned long lo, hi;
		if (!PyArg_ParseTuple(PySequence_Fast_GET_ITEM(b, (Py_ssize_t)i), "kk;bounds: (lo, hi) pairs of ints",
				      &lo, &hi))
			goto out;
		if (lo > hi || hi < 1 || hi > DLX_BOUND_MAX) {
			PyErr_Format(PyExc_ValueError, "bounds of primary item %zu: %lu:%lu (need 0 <= lo <= hi, "
				     "1 <= hi <= %u)", i, lo, hi, (unsigned)DLX_BOUND_MAX);
			goto out;
		}
		e->bounds[2 * i] = (uint32_t)lo;
		e->bounds[2 * i + 1] = (uint32_t)hi;
	}
	rc = 0;
out:
	Py_DECREF(b);
	return rc;
}

/* costs: None, or a nonnegative int per option, at most DLX_COST_MAX. */
static int engine_take_costs(Engine *e, PyObject *costs)
{
	if (costs == Py_None)
		return 0;
	PyObject *c = PySequence_Fast(costs, "costs must be a sequence or None");
	if (!c)
		return -1;
	int rc = -1;
	if ((size_t)PySequence_Fast_GET_SIZE(c) != e->n_options) {
		PyErr_SetString(PyExc_ValueError, "costs: one per option");
		goto out;
	}
	e->costs = PyMem_RawMalloc((e->n_options ? e->n_options : 1) * sizeof *e->costs);
	if (!e->costs) {
		PyErr_NoMemory();
		goto out;
	}
	for (size_t o = 0; o < e->n_options; o++) {
		PyObject *v = PySequence_Fast_GET_ITEM(c, (Py_ssize_t)o);
		bool is_int = PyLong_Check(v) && !PyBool_Check(v);
		unsigned long long x = is_int ? PyLong_AsUnsignedLongLong(v) : 0;
		if (!is_int || PyErr_Occurred() || x > DLX_COST_MAX) {
			PyErr_Clear();
			PyErr_Format(PyExc_ValueError, "option %zu: a cost is an int from 0 to %llu", o,
				     (unsigned long long)DLX_COST_MAX);
			goto out;
		}
		e->costs[o] = x;
	}
	rc = 0;
out:
	Py_DECREF(c);
	return rc;
}

static int engine_init(Engine *e, PyObject *args, PyObject *kw)
{
	static char *kwlist[] = { "n_primary", "n_secondary", "options", "colors", "labels", "bounds", "costs", NULL };
	Py_ssize_t np, ns;
	PyObject *options, *colors, *labels, *bounds = Py_None, *costs = Py_None;
	if (!PyArg_ParseTupleAndKeywords(args, kw, "nnOOO!|OO", kwlist, &np, &ns, &options, &colors, &PyTuple_Type,
					 &labels, &bounds, &costs))
		return -1;
	if (e->problem || e->items) {
		PyErr_SetString(PyExc_RuntimeError, "Engine already initialised");
		return -1;
	}
	if (np < 0 || ns < 0) {
		PyErr_SetString(PyExc_ValueError, "negative item count");
		return -1;
	}
	PyObject *opts = PySequence_Fast(options, "options must be a sequence");
	if (!opts)
		return -1;
	PyObject *cols = NULL;
	if (colors != Py_None) {
		cols = PySequence_Fast(colors, "colors must be a sequence or None");
		if (!cols) {
			Py_DECREF(opts);
			return -1;
		}
	}
	Py_ssize_t no = PySequence_Fast_GET_SIZE(opts);
	if (PyTuple_GET_SIZE(labels) != no || (cols && PySequence_Fast_GET_SIZE(cols) != no)) {
		PyErr_SetString(PyExc_ValueError, "options, colors and labels differ in length");
		goto fail;
	}
	e->n_primary = (size_t)np;
	e->n_secondary = (size_t)ns;
	e->n_options = (size_t)no;
	e->start = PyMem_RawMalloc(((size_t)no + 1) * sizeof *e->start);
	if (!e->start) {
		PyErr_NoMemory();
		goto fail;
	}
	size_t cap = 16, n = 0;
	e->items = PyMem_RawMalloc(cap * sizeof *e->items);
	if (cols)
		e->colors = PyMem_RawMalloc(cap * sizeof *e->colors);
	if (!e->items || (cols && !e->colors)) {
		PyErr_NoMemory();
		goto fail;
	}
	for (Py_ssize_t o = 0; o < no; o++) {
		e->start[o] = n;
		PyObject *opt = PySequence_Fast(PySequence_Fast_GET_ITEM(opts, o), "an option must be a sequence");
		if (!opt)
			goto fail;
		PyObject *oc = NULL;
		if (cols) {
			oc = PySequence_Fast(PySequence_Fast_GET_ITEM(cols, o), "an option's colors must be a sequence");
			if (!oc) {
				Py_DECREF(opt);
				goto fail;
			}
			if (PySequence_Fast_GET_SIZE(oc) != PySequence_Fast_GET_SIZE(opt)) {
				PyErr_Format(PyExc_ValueError, "option %zd: colors and items differ in length", o);
				Py_DECREF(opt);
				Py_DECREF(oc);
				goto fail;
			}
		}
		Py_ssize_t k = PySequence_Fast_GET_SIZE(opt);
		if (n + (size_t)k > cap) {
			while (n + (size_t)k > cap)
				cap *= 2;
			size_t *ni = PyMem_RawRealloc(e->items, cap * sizeof *ni);
			if (ni)
				e->items = ni;
			uint32_t *nc = cols ? PyMem_RawRealloc(e->colors, cap * sizeof *nc) : NULL;
			if (nc)
				e->colors = nc;
			if (!ni || (cols && !nc)) {
				Py_DECREF(opt);
				Py_XDECREF(oc);
				PyErr_NoMemory();
				goto fail;
			}
		}
		for (Py_ssize_t j = 0; j < k; j++) {
			size_t v = PyLong_AsSize_t(PySequence_Fast_GET_ITEM(opt, j));
			unsigned long c = oc ? PyLong_AsUnsignedLong(PySequence_Fast_GET_ITEM(oc, j)) : 0;
			if (PyErr_Occurred()) {
				Py_DECREF(opt);
				Py_XDECREF(oc);
				goto fail;
			}
			e->items[n] = v;
			if (cols)
				e->colors[n] = c > UINT32_MAX ? UINT32_MAX : (uint32_t)c;
			n++;
		}
		Py_DECREF(opt);
		Py_XDECREF(oc);
	}
	e->start[no] = n;
	Py_DECREF(opts);
	Py_XDECREF(cols);
	if (engine_take_bounds(e, bounds) || engine_take_costs(e, costs))
		return -1;
	e->problem = engine_build(e);
	if (!e->problem)
		return -1;
	Py_INCREF(labels);
	e->labels = labels;
	e->last_stop = "none";
	return 0;
fail:
	Py_DECREF(opts);
	Py_XDECREF(cols);
	return -1;
}

static void engine_dealloc(Engine *e)
{
	/* An iterator holds a reference, so nothing has the problem now. */
	dlx_problem_free(e->problem);
	PyMem_RawFree(e->items);
	PyMem_RawFree(e->colors);
	PyMem_RawFree(e->start);
	PyMem_RawFree(e->bounds);
	PyMem_RawFree(e->costs);
	Py_XDECREF(e->labels);
	Py_TYPE(e)->tp_free((PyObject *)e);
}

static PyObject *engine_stats(Engine *e, PyObject *unused)
{
	(void)unused;
	return dlxpy_stats_tuple(&e->last, e->last_stop);
}

/* count(threads, limit, node_limit, time_limit) -> (count, stop) */
static PyObject *engine_count(Engine *e, PyObject *args)
{
	unsigned threads;
	unsigned long long limit, node_limit;
	double time_limit;
	if (!PyArg_ParseTuple(args, "IKKd", &threads, &limit, &node_limit, &time_limit))
		return NULL;
	dlx_problem *p = engine_borrow(e);
	if (!p)
		return NULL;
	struct dlxpy_poll pc;
	dlxpy_poll_init(&pc, time_limit);
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.solution_limit = limit;
	sp.node_limit = node_limit;
	dlxpy_poll_params(&pc, &sp);
	dlx_split_params split = { threads, 0, 0 };
	dlx_stats st;
	int rc;
	e->last_stop = "running";
	pc.tstate = PyEval_SaveThread();
	rc = dlx_search_split(p, &sp, &split, &st);
	PyEval_RestoreThread(pc.tstate);
	pc.tstate = NULL;
	engine_return(e, p);
	e->last = st;
	e->last_stop = rc ? "error" : dlxpy_stop_name(st.stop, &pc);
	if (pc.interrupted)
		return NULL; /* the signal handler's exception */
	if (rc)
		return dlxpy_set_error(rc, NULL), NULL;
	return Py_BuildValue("(Ks)", (unsigned long long)st.solutions, e->last_stop);
}

/* estimate(probes, seed, part, parts, time_limit) -> (nodes, nodes_error, solutions, solutions_error, probes, stop) */
static PyObject *engine_estimate(Engine *e, PyObject *args)
{
	unsigned long long probes, seed;
	unsigned part, parts;
	double time_limit;
	if (!PyArg_ParseTuple(args, "KKIId", &probes, &seed, &part, &parts, &time_limit))
		return NULL;
	dlx_problem *p = engine_borrow(e);
	if (!p)
		return NULL;
	struct dlxpy_poll pc;
	dlxpy_poll_init(&pc, time_limit);
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	dlxpy_poll_params(&pc, &sp);
	/* A part 1/1 is the whole tree, as dlx --estimate --part 1/1 has it. */
	dlx_part path = { part, parts };
	dlx_estimate est;
	pc.tstate = PyEval_SaveThread();
	int rc = dlx_estimate_tree(p, probes, seed, &path, parts > 1 ? 1 : 0, &sp, &est);
	PyEval_RestoreThread(pc.tstate);
	pc.tstate = NULL;
	engine_return(e, p);
	if (pc.interrupted)
		return NULL; /* the signal handler's exception */
	if (rc)
		return dlxpy_set_error(rc, NULL), NULL;
	return Py_BuildValue("(ddddKs)", est.nodes, est.nodes_error, est.solutions, est.solutions_error,
			     (unsigned long long)est.probes, dlxpy_stop_name(est.stop, &pc));
}

/* blocked() -> a list of the indices of the options that can be in no solution (dlx_blocked_options()) */
static PyObject *engine_blocked(Engine *e, PyObject *unused)
{
	(void)unused;
	dlx_problem *p = engine_borrow(e);
	if (!p)
		return NULL;
	size_t n = dlx_option_count(p), n_blocked = 0;
	unsigned char *blocked = malloc(n ? n : 1);
	int rc = DLX_ERR_NOMEM;
	struct dlxpy_poll pc;
	dlxpy_poll_init(&pc, 0);
	if (blocked) {
		/* The poll takes the GIL back for Python's signal handlers: Ctrl-C stops the tests. */
		dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
		dlxpy_poll_params(&pc, &sp);
		pc.tstate = PyEval_SaveThread();
		rc = dlx_blocked_options(p, &sp, blocked, &n_blocked, NULL);
		PyEval_RestoreThread(pc.tstate);
		pc.tstate = NULL;
	}
	engine_return(e, p);
	if (pc.interrupted || rc) {
		free(blocked);
		if (pc.interrupted)
			return NULL; /* the signal handler's exception */
		return rc == DLX_ERR_NOMEM ? PyErr_NoMemory() : (dlxpy_set_error(rc, NULL), NULL);
	}
	PyObject *list = PyList_New(0);
	for (size_t o = 0; list && o < n; o++) {
		if (!blocked[o])
			continue;
		PyObject *i = PyLong_FromSize_t(o);
		if (!i || PyList_Append(list, i) < 0)
			Py_CLEAR(list);
		Py_XDECREF(i);
	}
	free(blocked);
	return list;
}

/* labels(options, n) -> a list of the options' labels; NULL with an exception set. */
static PyObject *labels_of(Engine *e, const size_t *opts, size_t n)
{
	PyObject *list = PyList_New((Py_ssize_t)n);
	if (!list)
		return NULL;
	for (size_t k = 0; k < n; k++) {
		PyObject *label = PyTuple_GET_ITEM(e->labels, (Py_ssize_t)opts[k]);
		Py_INCREF(label);
		PyList_SET_ITEM(list, (Py_ssize_t)k, label);
	}
	return list;
}

/* best(k, limit, node_limit, time_limit) -> ([(cost, [labels]), ...], ties, stop) */
static PyObject *engine_best(Engine *e, PyObject *args)
{
	Py_ssize_t k;
	unsigned long long limit, node_limit;
	double time_limit;
	if (!PyArg_ParseTuple(args, "nKKd", &k, &limit, &node_limit, &time_limit))
		return NULL;
	if (k < 1 || (size_t)k > DLX_BEST_MAX)
		return PyErr_Format(PyExc_ValueError, "k must be from 1 to %u", (unsigned)DLX_BEST_MAX), NULL;
	dlx_problem *p = engine_borrow(e);
	if (!p)
		return NULL;
	struct dlxpy_poll pc;
	dlxpy_poll_init(&pc, time_limit);
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.solution_limit = limit;
	sp.node_limit = node_limit;
	dlxpy_poll_params(&pc, &sp);
	dlx_best *b = NULL;
	dlx_stats st;
	e->last_stop = "running";
	pc.tstate = PyEval_SaveThread();
	int rc = dlx_search_best(p, &sp, (size_t)k, &b, &st);
	PyEval_RestoreThread(pc.tstate);
	pc.tstate = NULL;
	engine_return(e, p);
	e->last = st;
	e->last_stop = rc ? "error" : dlxpy_stop_name(st.stop, &pc);
	PyObject *list = NULL, *res = NULL;
	if (pc.interrupted)
		goto out; /* the signal handler's exception */
	if (rc) {
		dlxpy_set_error(rc, NULL);
		goto out;
	}
	list = PyList_New((Py_ssize_t)b->n);
	if (!list)
		goto out;
	for (size_t j = 0; j < b->n; j++) {
		PyObject *sol = labels_of(e, b->sol[j].options, b->sol[j].n);
		PyObject *pair = sol ? Py_BuildValue("(KN)", (unsigned long long)b->sol[j].cost, sol) : NULL;
		if (!pair)
			goto out;
		PyList_SET_ITEM(list, (Py_ssize_t)j, pair);
	}
	res = Py_BuildValue("(OKs)", list, (unsigned long long)b->ties, e->last_stop);
out:
	Py_XDECREF(list);
	dlx_best_free(b);
	return res;
}

static PyObject *engine_solutions(Engine *e, PyObject *args);

static PyMethodDef engine_methods[] = {
	{ "estimate", (PyCFunction)engine_estimate, METH_VARARGS,
	  "estimate(probes, seed, part, parts, time_limit) -> (nodes, nodes_error, solutions, solutions_error, "
	  "probes, stop): Knuth's estimate of the search tree; the GIL is released" },
	{ "best", (PyCFunction)engine_best, METH_VARARGS,
	  "best(k, limit, node_limit, time_limit) -> ([(cost, solution), ...], ties, stop): the k cheapest "
	  "solutions; the GIL is released" },
	{ "count", (PyCFunction)engine_count, METH_VARARGS,
	  "count(threads, limit, node_limit, time_limit) -> (count, stop): 0 means none; the GIL is released" },
	{ "solutions", (PyCFunction)engine_solutions, METH_VARARGS,
	  "solutions(limit) -> Solutions: a lazy iterator of solutions, each a list of labels" },
	{ "blocked", (PyCFunction)engine_blocked, METH_NOARGS,
	  "blocked() -> [index, ...]: the options that can be in no solution; the GIL is released" },
	{ "stats", (PyCFunction)engine_stats, METH_NOARGS,
	  "stats() -> (solutions, nodes, updates, branches, max_level, progress, stop) of the last search" },
	{ NULL, NULL, 0, NULL }
};

static PyObject *engine_n_options(Engine *e, void *unused)
{
	(void)unused;
	return PyLong_FromSize_t(e->n_options);
}

static PyGetSetDef engine_getset[] = {
	{ "n_options", (getter)engine_n_options, NULL, "the number of options", NULL },
	{ NULL, NULL, NULL, NULL, NULL }
};

static PyTypeObject EngineType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "dlx._dlx.Engine",
	.tp_basicsize = sizeof(Engine),
	.tp_dealloc = (destructor)engine_dealloc,
	.tp_flags = Py_TPFLAGS_DEFAULT,
	.tp_doc = "Engine(n_primary, n_secondary, options, colors, labels): a libdlx problem "
		  "(internal: use dlx.Problem)",
	.tp_methods = engine_methods,
	.tp_getset = engine_getset,
	.tp_init = (initproc)engine_init,
	.tp_new = PyType_GenericNew,
};

/* ------------------------------------------------------------------ */
/* Solutions: the lazy iterator, on the core's pull search.           */

typedef struct {
	PyObject_HEAD
	Engine *engine;
	dlx_problem *problem; /* borrowed from the engine (or built for this iterator) until the end */
	dlx_iter *it;         /* NULL once ended */
	bool running;         /* a next() is under way with the GIL released */
	struct dlxpy_poll pc;
} Solutions;

static PyTypeObject SolutionsType;

/* Ends the search: the problem goes back to the engine as it was. */
static void solutions_end(Solutions *s)
{
	if (!s->it)
		return;
	dlx_stats st;
	dlx_iter_stats(s->it, &st);
	dlx_iter_free(s->it);
	s->it = NULL;
	engine_return(s->engine, s->problem);
	s->problem = NULL;
	s->engine->last = st;
}

static PyObject *engine_solutions(Engine *e, PyObject *args)
{
	unsigned long long limit, seed = 0;
	PyObject *seed_obj = Py_None;
	if (!PyArg_ParseTuple(args, "K|O", &limit, &seed_obj))
		return NULL;
	if (seed_obj != Py_None) {
		seed = PyLong_AsUnsignedLongLong(seed_obj);
		if (PyErr_Occurred()) {
			PyErr_Clear();
			PyErr_SetString(PyExc_ValueError, "seed must be an int from 0 to 2**64-1, or None");
			return NULL;
		}
	}
	Solutions *s = PyObject_New(Solutions, &SolutionsType);
	if (!s)
		return NULL;
	Py_INCREF(e);
	s->engine = e;
	s->it = NULL;
	s->running = false;
	s->problem = engine_borrow(e);
	if (!s->problem) {
		Py_DECREF(s);
		return NULL;
	}
	/* A seed's order for this search (borrowed in input order). */
	int rc = DLX_OK;
	if (seed_obj != Py_None) {
		rc = dlx_shuffle_options(s->problem, seed);
		e->shuffled |= s->problem == e->problem;
	}
	if (rc) {
		engine_return(e, s->problem);
		s->problem = NULL;
		Py_DECREF(s);
		return dlxpy_set_error(rc, NULL), NULL;
	}
	dlx_search_params sp = DLX_SEARCH_PARAMS_INIT;
	sp.solution_limit = limit;
	dlxpy_poll_init(&s->pc, 0);
	dlxpy_poll_params(&s->pc, &sp);
	rc = dlx_iter_new(s->problem, &sp, &s->it);
	if (rc) {
		engine_return(e, s->problem);
		s->problem = NULL;
		Py_DECREF(s);
		return dlxpy_set_error(rc, NULL), NULL;
	}
	e->last_stop = "running";
	memset(&e->last, 0, sizeof e->last);
	return (PyObject *)s;
}

static PyObject *solutions_next(Solutions *s)
{
	if (!s->it)
		return NULL;
	if (s->running) {
		PyErr_SetString(PyExc_ValueError, "generator already executing");
		return NULL;
	}
	/* The poll's main-thread test holds for the thread that iterates now. */
	s->pc.main_thread = PyThread_get_thread_ident() == main_thread_id;
	const size_t *opts;
	size_t n;
	s->running = true;
	s->pc.tstate = PyEval_SaveThread();
	int rc = dlx_iter_next(s->it, &opts, &n);
	PyEval_RestoreThread(s->pc.tstate);
	s->pc.tstate = NULL;
	s->running = false;
	Engine *e = s->engine;
	if (rc == 1) {
		dlx_iter_stats(s->it, &e->last);
		return labels_of(e, opts, n);
	}
	dlx_stats st;
	dlx_iter_stats(s->it, &st);
	solutions_end(s);
	e->last_stop = rc < 0 ? "error" : dlxpy_stop_name(st.stop, &s->pc);
	if (s->pc.interrupted)
		return NULL; /* KeyboardInterrupt, or what the handler raised */
	if (rc < 0)
		return dlxpy_set_error(rc, NULL), NULL;
	return NULL; /* StopIteration */
}

static void solutions_dealloc(Solutions *s)
{
	if (s->it) {
		solutions_end(s);
		s->engine->last_stop = "stopped";
	}
	Py_XDECREF(s->engine);
	PyObject_Free(s);
}

/* close(): stop the search now; the problem is free again. */
static PyObject *solutions_close(Solutions *s, PyObject *unused)
{
	(void)unused;
	if (s->running) {
		PyErr_SetString(PyExc_ValueError, "generator already executing");
		return NULL;
	}
	if (s->it) {
		solutions_end(s);
		s->engine->last_stop = "stopped";
	}
	Py_RETURN_NONE;
}

static PyObject *solutions_enter(Solutions *s, PyObject *unused)
{
	(void)unused;
	Py_INCREF(s);
	return (PyObject *)s;
}

static PyObject *solutions_exit(Solutions *s, PyObject *args)
{
	(void)args;
	PyObject *r = solutions_close(s, NULL);
	if (!r)
		return NULL;
	Py_DECREF(r);
	Py_RETURN_FALSE;
}

static PyMethodDef solutions_methods[] = {
	{ "close", (PyCFunction)solutions_close, METH_NOARGS,
	  "Stop the search; the problem's links are restored at once." },
	{ "__enter__", (PyCFunction)solutions_enter, METH_NOARGS, NULL },
	{ "__exit__", (PyCFunction)solutions_exit, METH_VARARGS, NULL },
	{ NULL, NULL, 0, NULL }
};

static PyTypeObject SolutionsType = {
	PyVarObject_HEAD_INIT(NULL, 0)
	.tp_name = "dlx.Solutions",
	.tp_basicsize = sizeof(Solutions),
	.tp_dealloc = (destructor)solutions_dealloc,
	.tp_flags = Py_TPFLAGS_DEFAULT,
	.tp_doc = "The solutions of a problem, searched for one at a time as they are asked for.\n\n"
		  "Each is a list of the problem's options, in the order the search chose them.\n"
		  "close() (or the end of a with block, or dropping the iterator) stops the search.",
	.tp_iter = PyObject_SelfIter,
	.tp_iternext = (iternextfunc)solutions_next,
	.tp_methods = solutions_methods,
};

/* ------------------------------------------------------------------ */
/* Knuth's format.                                                    */

PyObject *dlxpy_format_error;

void dlxpy_raise_format(size_t line, const char *message)
{
	PyObject *exc = PyObject_CallFunction(dlxpy_format_error, "(sn)", message, (Py_ssize_t)line);
	if (exc) {
		PyErr_SetObject(dlxpy_format_error, exc);
		Py_DECREF(exc);
	}
}

/*
 * read_knuth(data: bytes, strict: bool) -> (primary names, secondary names,
 * options, options left out, line of the first left out, bounds, costs):
 * each option a tuple of the items as written, "x:color" for a colored one;
 * bounds a (lo, hi) per primary item, or None when all are 1:1; costs an
 * int per option, or None when all are 0.
 */
static PyObject *read_knuth(PyObject *self, PyObject *args)
{
	(void)self;
	Py_buffer buf;
	int strict = 0;
	if (!PyArg_ParseTuple(args, "y*|p", &buf, &strict))
		return NULL;
	dlx_ec *ec = NULL;
	dlx_error_info err;
	int rc;
	Py_BEGIN_ALLOW_THREADS
	FILE *in = buf.len ? fmemopen(buf.buf, (size_t)buf.len, "r") : fopen("/dev/null", "r");
	if (!in) {
		rc = DLX_ERR_NOMEM;
		err.line = 0;
		err.message[0] = 0;
	} else {
		rc = dlx_ec_read_flags(in, strict ? DLX_EC_STRICT : 0, &ec, &err);
		fclose(in);
	}
	Py_END_ALLOW_THREADS
	PyBuffer_Release(&buf);
	if (rc == DLX_ERR_SYNTAX || (rc && err.line)) {
		dlxpy_raise_format(err.line, err.message[0] ? err.message : dlx_strerror(rc));
		return NULL;
	}
	if (rc)
		return dlxpy_set_error(rc, &err), NULL;
	dlx_problem *p = dlx_ec_problem(ec);
	size_t np = dlx_primary_count(p), ns = dlx_secondary_count(p), no = dlx_option_count(p);
	PyObject *prim = PyList_New((Py_ssize_t)np), *sec = PyList_New((Py_ssize_t)ns),
		 *opts = PyList_New((Py_ssize_t)no), *res = NULL;
	/* The package rebuilds the problem from these: its bounds and costs go with them. */
	PyObject *bounds = dlx_has_bounds(p) ? PyList_New((Py_ssize_t)np) : (Py_INCREF(Py_None), Py_None);
	PyObject *costs = dlx_has_costs(p) ? PyList_New((Py_ssize_t)no) : (Py_INCREF(Py_None), Py_None);
	if (!prim || !sec || !opts || !bounds || !costs)
		goto out;
	for (size_t i = 0; bounds != Py_None && i < np; i++) {
		uint32_t lo, hi;
		dlx_item_bounds(p, i, &lo, &hi);
		PyObject *pair = Py_BuildValue("(kk)", (unsigned long)lo, (unsigned long)hi);
		if (!pair)
			goto out;
		PyList_SET_ITEM(bounds, (Py_ssize_t)i, pair);
	}
	for (size_t o = 0; costs != Py_None && o < no; o++) {
		PyObject *c = PyLong_FromUnsignedLongLong(dlx_option_cost(p, o));
		if (!c)
			goto out;
		PyList_SET_ITEM(costs, (Py_ssize_t)o, c);
	}
	for (size_t i = 0; i < np + ns; i++) {
		PyObject *name = PyUnicode_FromString(dlx_ec_item_name(ec, i));
		if (!name)
			goto out;
		PyList_SET_ITEM(i < np ? prim : sec, (Py_ssize_t)(i < np ? i : i - np), name);
	}
	for (size_t o = 0; o < no; o++) {
		size_t k = dlx_option_size(p, o);
		PyObject *t = PyTuple_New((Py_ssize_t)k);
		if (!t)
			goto out;
		PyList_SET_ITEM(opts, (Py_ssize_t)o, t);
		for (size_t j = 0; j < k; j++) {
			const char *name = dlx_ec_item_name(ec, dlx_option_item(p, o, j));
			uint32_t c = dlx_option_color(p, o, j);
			PyObject *s = c ? PyUnicode_FromFormat("%s:%s", name, dlx_ec_color_name(ec, c))
					: PyUnicode_FromString(name);
			if (!s)
				goto out;
			PyTuple_SET_ITEM(t, (Py_ssize_t)j, s);
		}
	}
	size_t first, dropped = dlx_ec_dropped(ec, &first);
	res = Py_BuildValue("(OOOnnOO)", prim, sec, opts, (Py_ssize_t)dropped, (Py_ssize_t)first, bounds, costs);
out:
	Py_XDECREF(bounds);
	Py_XDECREF(costs);
	Py_XDECREF(prim);
	Py_XDECREF(sec);
	Py_XDECREF(opts);
	dlx_ec_free(ec);
	return res;
}

static PyObject *version(PyObject *self, PyObject *unused)
{
	(void)self;
	(void)unused;
	return PyUnicode_FromString(dlx_version());
}

static PyMethodDef module_methods[] = {
	{ "read_knuth", read_knuth, METH_VARARGS,
	  "read_knuth(data: bytes, strict: bool) -> (primary, secondary, options, left out, first left out, "
	  "bounds or None, costs or None), or FormatError with the line" },
	{ "version", version, METH_NOARGS, "version() -> the libdlx version the module was built with" },
	DLXPY_SUDOKU_METHODS,
	{ NULL, NULL, 0, NULL }
};

static struct PyModuleDef module_def = {
	PyModuleDef_HEAD_INIT,
	.m_name = "dlx._dlx",
	.m_doc = "The C side of the dlx package (internal: use dlx and dlx.sudoku).",
	.m_size = -1,
	.m_methods = module_methods,
};

PyMODINIT_FUNC PyInit__dlx(void)
{
	main_thread_id = PyThread_get_thread_ident();
	PyObject *threading = PyImport_ImportModule("threading");
	if (threading) {
		PyObject *mt = PyObject_CallMethod(threading, "main_thread", NULL);
		PyObject *ident = mt ? PyObject_GetAttrString(mt, "ident") : NULL;
		if (ident && PyLong_Check(ident))
			main_thread_id = PyLong_AsUnsignedLong(ident);
		Py_XDECREF(ident);
		Py_XDECREF(mt);
		Py_DECREF(threading);
	}
	PyErr_Clear();
	if (PyType_Ready(&EngineType) < 0 || PyType_Ready(&SolutionsType) < 0 || dlxpy_sudoku_ready() < 0)
		return NULL;
	PyObject *m = PyModule_Create(&module_def);
	if (!m)
		return NULL;
	/* FormatError(message, line): a ValueError whose line is the input's. */
	PyObject *ns = PyDict_New();
	if (ns && PyDict_SetItemString(ns, "__builtins__", PyEval_GetBuiltins()) == 0) {
		PyObject *r = PyRun_String(
			"class FormatError(ValueError):\n"
			"    '''Malformed input text: line is the 1-based line at fault (0: not about one line).'''\n"
			"    def __init__(self, message, line=0, filename=None):\n"
			"        super().__init__(message, line)\n"
			"        self.message = message\n"
			"        self.line = line\n"
			"        self.filename = filename\n"
			"    def __str__(self):\n"
			"        if self.filename is not None:\n"
			"            where = f'{self.filename}:{self.line}' if self.line else self.filename\n"
			"            return f'{where}: {self.message}'\n"
			"        return f'line {self.line}: {self.message}' if self.line else self.message\n",
			Py_file_input, ns, ns);
		Py_XDECREF(r);
		dlxpy_format_error = r ? PyDict_GetItemString(ns, "FormatError") : NULL;
		Py_XINCREF(dlxpy_format_error);
	}
	Py_XDECREF(ns);
	if (!dlxpy_format_error) {
		Py_DECREF(m);
		return NULL;
	}
	PyObject *modname = PyUnicode_FromString("dlx");
	if (!modname || PyObject_SetAttrString(dlxpy_format_error, "__module__", modname) < 0) {
		Py_XDECREF(modname);
		Py_DECREF(m);
		return NULL;
	}
	Py_DECREF(modname);
	Py_INCREF(&EngineType);
	Py_INCREF(&SolutionsType);
	Py_INCREF(dlxpy_format_error);
	if (PyModule_AddObject(m, "Engine", (PyObject *)&EngineType) < 0 ||
	    PyModule_AddObject(m, "Solutions", (PyObject *)&SolutionsType) < 0 ||
	    PyModule_AddObject(m, "FormatError", dlxpy_format_error) < 0 || dlxpy_sudoku_add(m) < 0) {
		Py_DECREF(m);
		return NULL;
	}
	return m;
}
