/*
 * The SAT engine (dlx_search_sat(), see dlx.h): the problem as it stands
 * after its forced options, encoded as clauses for CaDiCaL, whose
 * solutions are read back as options and excluded one by one.
 *
 * What is encoded: the options still in the list of some active primary
 * item (the search only ever chooses an option through one of those, and
 * such an option has no covered item, since covering an item hides its
 * options from every other list), each a variable, numbered in option
 * order.  Then, for each active primary item, "at least one" of the
 * options in its list and "at most one"; for each active secondary item
 * not purified by a forced option, "at most one" of its options, or with
 * colors: each colored option implies a variable "the item has this
 * color" (the option itself when it is the color's only one), and at most
 * one of these and of the uncolored options holds.  A secondary item that
 * a forced option purified keeps in its list only options of its color
 * (purifying hid the others), so it needs nothing.
 *
 * The solver is CaDiCaL, in a module loaded the first time it is needed
 * (dlx-sat-module.h: linked in, its C++ start-up slowed every run).
 * Built without CaDiCaL (DLX_HAVE_SAT undefined: the web build, or
 * meson -Dsat=disabled), or when the module cannot be loaded, the entry
 * points remain and say so.
 */
#define _POSIX_C_SOURCE 200809L
#include "dlx.h"

#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dlx-internal.h"
#include "dlx-mult.h"
#include "dlx-problem.h"

#ifdef DLX_HAVE_SAT
#include "dlx-sat-module.h"
#endif

/*
 * "At most one" of up to 8 literals is pairwise (at most 28 clauses, no
 * auxiliary); above, the sequential counter.  Measured with
 * tools/sat-amo.c (BENCHMARKS.md, "Large boards with few clues"): on the
 * twelve 45% 36x36 puzzles of dlx-gen-sudoku 6 12 1 45 (CPU seconds,
 * median / worst) sequential above 8: 3.1 / 14.6, above 4: slower (8 of
 * 12 within 30 s); the 2-product above 8: 7.2 / 16.3; all pairwise
 * (quadratic): 3.1 / 18.5.  On the empty 64x64 board the product is
 * smaller (0.5 million variables, 400 MB against 1.3 million, 570 MB) and
 * as fast (1.9 s against 2.2 s), but slower on the puzzles, whose runs
 * are heavy-tailed: single runs on a shared machine.
 */
const struct dlx__sat_config dlx__sat_default = { DLX__SAT_AMO_SEQUENTIAL, 8, true, false };

bool dlx_sat_available(void)
{
#ifdef DLX_HAVE_SAT
	return dlx__sat_module(NULL) != NULL;
#else
	return false;
#endif
}

const char *dlx_sat_error(void)
{
#ifdef DLX_HAVE_SAT
	const char *why;
	dlx__sat_module(&why);
	return why;
#else
	return "this dlx was built without CaDiCaL (libcadical-dev)";
#endif
}

/* The engine's answer when it cannot run. */
static int unsupported(dlx_stats *stats, dlx_sat_stats *sat)
{
	if (stats)
		*stats = (dlx_stats){ 0, 0, 0, 0, DLX_STOP_ERROR, 0, 0.0 };
	if (sat)
		*sat = (dlx_sat_stats){ 0, 0, 0 };
	return DLX_ERR_UNSUPPORTED;
}

#ifndef DLX_HAVE_SAT

int dlx__search_sat_with(dlx_problem *p, const dlx_search_params *params, dlx_stats *stats, dlx_sat_stats *sat,
	const struct dlx__sat_config *cfg)
{
	(void)p, (void)params, (void)cfg;
	return unsupported(stats, sat);
}

int dlx_sat_start(dlx_problem *p, const dlx_search_params *params, dlx_sat_search **out)
{
	(void)p, (void)params;
	if (!out)
		return DLX_ERR_INVALID;
	*out = NULL;
	return DLX_ERR_UNSUPPORTED;
}

int dlx_sat_next(dlx_sat_search *s, uint64_t conflicts, dlx_stats *stats, dlx_sat_stats *sat)
{
	(void)s, (void)conflicts;
	(void)unsupported(stats, sat);
	return DLX_ERR_INVALID;
}

void dlx_sat_free(dlx_sat_search *s)
{
	(void)s;
}

#else

/* Polls come about this often (seconds), from the solver's termination checks or the encoding's loops. */
#define POLL_SECONDS 0.01
/* The clock is read once per this many termination checks or encoded groups. */
#define POLL_EVERY 256

struct sat_run {
	const struct dlx__sat_module *m; /* the solver's functions */
	void *s;                  /* the solver */
	const dlx_problem *p;
	const struct dlx__sat_config *cfg;
	const dlx_search_params *params;
	int last_var;             /* variables 1..last_var are in use */
	bool too_big;             /* a variable past INT_MAX - 1 was asked for */
	uint64_t clauses;
	int *var_of;              /* n_options entries: the option's variable, 0 for none */
	size_t *option_of_var;    /* n_vars_options entries: variable k+1's option */
	size_t n_vars_options;
	int *group;               /* a group's literals, cap_group of them */
	size_t cap_group;
	struct { uint32_t color; int var; } *colored; /* a secondary item's colored options */
	size_t cap_colored;
	/* Polls */
	dlx_stats st;             /* what the polls see: the solutions so far */
	unsigned tick;
	struct timespec last_poll;
	bool stopped;             /* on_poll asked to stop */
};

static double seconds_since(const struct timespec *t)
{
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return (double)(now.tv_sec - t->tv_sec) + (double)(now.tv_nsec - t->tv_nsec) * 1e-9;
}

/* Calls on_poll when POLL_SECONDS have passed since the last; true when the search must stop. */
static bool poll_now(struct sat_run *r)
{
	if (r->stopped)
		return true;
	const dlx_search_params *params = r->params;
	if (!params->on_poll || (++r->tick % POLL_EVERY) != 0)
		return false;
	if (seconds_since(&r->last_poll) < POLL_SECONDS)
		return false;
	clock_gettime(CLOCK_MONOTONIC, &r->last_poll);
	/* No tree, so no share of it done: a poll says so (negative), not 0%. */
	dlx_stats now = r->st;
	now.progress = -1;
	if (params->on_poll(params->poll_ctx, &now))
		r->stopped = true;
	return r->stopped;
}

/* CaDiCaL's termination check: non-zero stops the solver call. */
static int terminate_check(void *ctx)
{
	return poll_now(ctx);
}

static int new_var(struct sat_run *r)
{
	if (r->last_var >= INT_MAX - 1) {
		r->too_big = true;
		return r->last_var;
	}
	return ++r->last_var;
}

static void clause2(struct sat_run *r, int a, int b)
{
	r->m->add(r->s, a);
	r->m->add(r->s, b);
	r->m->add(r->s, 0);
	r->clauses++;
}

static void amo(struct sat_run *r, const int *x, size_t n);

static void amo_pairwise(struct sat_run *r, const int *x, size_t n)
{
	for (size_t a = 0; a < n; a++)
		for (size_t b = a + 1; b < n; b++)
			clause2(r, -x[a], -x[b]);
}

/* Sinz's sequential counter: s_k says "one of x_0..x_k holds". */
static void amo_sequential(struct sat_run *r, const int *x, size_t n)
{
	int prev = new_var(r);
	clause2(r, -x[0], prev);
	for (size_t k = 1; k + 1 < n; k++) {
		int s = new_var(r);
		clause2(r, -x[k], s);
		clause2(r, -prev, s);
		clause2(r, -x[k], -prev);
		prev = s;
	}
	clause2(r, -x[n - 1], -prev);
}

/*
 * Chen's 2-product: the literals on a grid of rows x cols; x at (i, j)
 * implies row i's and column j's variables, at most one of each holds.
 */
static void amo_product(struct sat_run *r, const int *x, size_t n)
{
	size_t rows = 1;
	while (rows * rows < n)
		rows++;
	size_t cols = (n + rows - 1) / rows;
	int *u = malloc((rows + cols) * sizeof *u);
	if (!u) {
		/* The sequential counter needs no memory. */
		amo_sequential(r, x, n);
		return;
	}
	int *v = u + rows;
	for (size_t i = 0; i < rows; i++)
		u[i] = new_var(r);
	for (size_t j = 0; j < cols; j++)
		v[j] = new_var(r);
	for (size_t k = 0; k < n; k++) {
		clause2(r, -x[k], u[k / cols]);
		clause2(r, -x[k], v[k % cols]);
	}
	amo(r, u, rows);
	amo(r, v, cols);
	free(u);
}

/* "At most one of x[0..n)", as the configuration says. */
static void amo(struct sat_run *r, const int *x, size_t n)
{
	if (n < 2)
		return;
	/* Below 5 literals neither linear encoding has fewer clauses (and the product would not end). */
	if (n <= r->cfg->pairwise_max || n < 5 || r->cfg->amo == DLX__SAT_AMO_PAIRWISE)
		amo_pairwise(r, x, n);
	else if (r->cfg->amo == DLX__SAT_AMO_PRODUCT)
		amo_product(r, x, n);
	else
		amo_sequential(r, x, n);
}

/*
 * The option of node x: the last whose first node is at or before x, by
 * bisection of opt_start[] (options are laid out in order).  Walking to
 * the spacer instead made the encoding quadratic in an option's length:
 * every node of a long option walked the rest of it (one option of 10^5
 * secondary items: 3.35 s).  O(log options).
 */
static size_t option_of_node(const dlx_problem *p, int32_t x)
{
	size_t lo = 0, hi = p->n_options;
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;
		DLX_COUNT_SCAN(p, 1);
		if (p->opt_start[mid] <= x)
			lo = mid;
		else
			hi = mid;
	}
	return lo;
}

static bool group_room(struct sat_run *r, size_t n)
{
	return dlx__grow((void **)&r->group, &r->cap_group, n, sizeof *r->group, SIZE_MAX / sizeof *r->group) == DLX_OK;
}

/* The options left: a variable for each, in option order; false when memory is short. */
static bool number_options(struct sat_run *r)
{
	const dlx_problem *p = r->p;
	const int32_t *down = p->node.down;
	r->var_of = calloc(p->n_options ? p->n_options : 1, sizeof *r->var_of);
	if (!r->var_of)
		return false;
	size_t n = 0;
	for (int32_t i = 1; i <= p->np; i++) {
		if (!item_active(p, i))
			continue;
		for (int32_t q = down[i]; q != i; q = down[q]) {
			size_t opt = option_of_node(p, q);
			n += r->var_of[opt] == 0;
			r->var_of[opt] = 1;
		}
	}
	r->option_of_var = malloc((n ? n : 1) * sizeof *r->option_of_var);
	if (!r->option_of_var)
		return false;
	if (n > (size_t)INT_MAX - 2) {
		r->too_big = true;
		return true;
	}
	for (size_t opt = 0; opt < p->n_options; opt++) {
		if (r->var_of[opt]) {
			r->option_of_var[r->n_vars_options] = opt;
			r->var_of[opt] = (int)++r->n_vars_options;
		}
	}
	r->last_var = (int)n;
	return true;
}

/* A primary item's clauses: at least one option, at most one.  False when memory is short. */
static bool encode_primary(struct sat_run *r, int32_t i, bool *empty)
{
	const dlx_problem *p = r->p;
	size_t n = 0, len = (size_t)p->len[i];
	if (!group_room(r, len ? len : 1))
		return false;
	for (int32_t q = p->node.down[i]; q != i; q = p->node.down[q])
		r->group[n++] = r->var_of[option_of_node(p, q)];
	if (n == 0) {
		*empty = true;
		return true;
	}
	for (size_t k = 0; k < n; k++)
		r->m->add(r->s, r->group[k]);
	r->m->add(r->s, 0);
	r->clauses++;
	if (!r->cfg->drop_primary_amo)
		amo(r, r->group, n);
	return true;
}

static int by_color(const void *a, const void *b)
{
	const struct { uint32_t color; int var; } *x = a, *y = b;
	if (x->color != y->color)
		return x->color < y->color ? -1 : 1;
	return (x->var > y->var) - (x->var < y->var);
}

/* A secondary item's: at most one option, or one color.  False when memory is short. */
static bool encode_secondary(struct sat_run *r, int32_t i)
{
	const dlx_problem *p = r->p;
	const int32_t *color = p->color;
	/* A purified item keeps only options of its color. */
	if (color && color[i] != 0)
		return true;
	size_t len = (size_t)(p->len[i] - DLX_SECONDARY);
	if (!group_room(r, len ? len : 1))
		return false;
	if (color && dlx__grow((void **)&r->colored, &r->cap_colored, len ? len : 1, sizeof *r->colored,
			       SIZE_MAX / sizeof *r->colored) != DLX_OK)
		return false;
	size_t n = 0, nc = 0;
	for (int32_t q = p->node.down[i]; q != i; q = p->node.down[q]) {
		int v = r->var_of[option_of_node(p, q)];
		if (!v)
			continue;
		if (color && color[q] > 0) {
			r->colored[nc].color = (uint32_t)color[q];
			r->colored[nc++].var = v;
		} else {
			r->group[n++] = v;
		}
	}
	if (nc) {
		qsort(r->colored, nc, sizeof *r->colored, by_color);
		/* One color and nothing uncolored: no constraint. */
		if (n == 0 && r->colored[0].color == r->colored[nc - 1].color)
			return true;
		for (size_t a = 0; a < nc;) {
			size_t b = a + 1;
			while (b < nc && r->colored[b].color == r->colored[a].color)
				b++;
			int y = r->colored[a].var;
			if (b - a > 1) {
				y = new_var(r);
				for (size_t k = a; k < b; k++)
					clause2(r, -r->colored[k].var, y);
			}
			r->group[n++] = y;
			a = b;
		}
	}
	amo(r, r->group, n);
	return true;
}

/*
 * Encodes p into r->s.  Returns DLX_OK (with *unsat when a primary item
 * has no option left: no solution), DLX_ERR_NOMEM, DLX_ERR_TOO_BIG; or
 * DLX_OK with r->stopped when a poll stopped it.
 */
static int encode(struct sat_run *r, bool *unsat)
{
	const dlx_problem *p = r->p;
	if (!number_options(r))
		return DLX_ERR_NOMEM;
	for (int32_t i = 1; i <= p->np && !r->too_big; i++) {
		if (!item_active(p, i))
			continue;
		if (!encode_primary(r, i, unsat))
			return DLX_ERR_NOMEM;
		if (*unsat)
			return DLX_OK;
		if (poll_now(r))
			return DLX_OK;
	}
	for (int32_t i = p->np + 1; i <= (int32_t)p->n_items && !r->too_big; i++) {
		if (!item_active(p, i))
			continue;
		if (!encode_secondary(r, i))
			return DLX_ERR_NOMEM;
		if (poll_now(r))
			return DLX_OK;
	}
	return r->too_big ? DLX_ERR_TOO_BIG : DLX_OK;
}

/* The solver's configuration for satisfiable instances, as `cadical --sat` sets it (CaDiCaL 1.5.3). */
static void sat_options(const struct sat_run *r)
{
	r->m->set_option(r->s, "elimreleff", 10);
	r->m->set_option(r->s, "stabilizeonly", 1);
	r->m->set_option(r->s, "subsumereleff", 60);
}

/*
 * The enumeration: solve, report, exclude, again, each solver call
 * bounded by conflicts (0: none).  sol holds the forced options first
 * (n_forced of them) and has room for every variable of an option after.
 * Returns at a stop; a node-limit or poll stop can be resumed by calling
 * again (the blocking clauses of the solutions reported are in).
 */
static int enumerate(struct sat_run *r, size_t *sol, size_t n_forced, uint64_t conflicts, dlx_stats *st,
	dlx_sat_stats *ss)
{
	const dlx_search_params *params = r->params;
	for (;;) {
		if (conflicts)
			r->m->limit(r->s, "conflicts", conflicts > INT_MAX ? INT_MAX : (int)conflicts);
		ss->calls++;
		int res = r->m->solve(r->s);
		if (res == DLX__SAT_MODULE_FAILED) {
			st->stop = DLX_STOP_ERROR;
			return DLX_ERR_NOMEM;
		}
		if (res == 20) {
			st->stop = DLX_STOP_COMPLETE;
			return DLX_OK;
		}
		if (res != 10) {
			st->stop = r->stopped ? DLX_STOP_POLL : DLX_STOP_NODE_LIMIT;
			return DLX_OK;
		}
		size_t n = n_forced;
		for (size_t v = 1; v <= r->n_vars_options; v++)
			if (r->m->val(r->s, (int)v) > 0)
				sol[n++] = r->option_of_var[v - 1];
		st->solutions++;
		r->st.solutions = st->solutions;
		if (params->on_solution && params->on_solution(params->solution_ctx, sol, n)) {
			st->stop = DLX_STOP_CALLBACK;
			return DLX_OK;
		}
		if (params->solution_limit && st->solutions >= params->solution_limit) {
			st->stop = DLX_STOP_LIMIT;
			return DLX_OK;
		}
		/* No option chosen: nothing left to cover, so this was the one solution. */
		if (n == n_forced) {
			st->stop = DLX_STOP_COMPLETE;
			return DLX_OK;
		}
		/* Another solution differs in a chosen option (a superset would cover some item twice). */
		for (size_t k = n_forced; k < n; k++)
			r->m->add(r->s, -r->var_of[sol[k]]);
		r->m->add(r->s, 0);
		r->clauses++;
	}
}

struct dlx_sat_search {
	struct sat_run r;
	size_t *sol;            /* the forced options, then room for a solution's others */
	size_t n_forced;
	dlx_stats st;           /* the totals so far and the last stop */
	dlx_sat_stats ss;
	bool over;              /* st.stop is final: every later call reports it again */
	int err;                /* and returns this (the solver's failure: DLX_ERR_NOMEM) */
};

static void sat_search_free(struct dlx_sat_search *s)
{
	if (s->r.s)
		s->r.m->release(s->r.s);
	free(s->sol);
	free(s->r.var_of);
	free(s->r.option_of_var);
	free(s->r.group);
	free(s->r.colored);
	free(s);
}

/* dlx_sat_start() with a configuration; on an error *out is NULL and *stats says DLX_STOP_ERROR. */
static int sat_start(dlx_problem *p, const dlx_search_params *params, const struct dlx__sat_config *cfg,
	dlx_sat_search **out)
{
	static const dlx_search_params defaults = DLX_SEARCH_PARAMS_INIT;
	*out = NULL;
	if (!p)
		return DLX_ERR_INVALID;
	if (p->iterating || dlx__bounded(p))
		return DLX_ERR_STATE;
	const struct dlx__sat_module *m = dlx__sat_module(NULL);
	if (!m)
		return DLX_ERR_UNSUPPORTED;
	/* Only dlx_search_resume() leaves something to save. */
	p->ck_armed = false;
	struct dlx_sat_search *s = calloc(1, sizeof *s);
	if (!s)
		return DLX_ERR_NOMEM;
	struct sat_run *r = &s->r;
	r->p = p;
	r->cfg = cfg ? cfg : &dlx__sat_default;
	r->params = params ? params : &defaults;
	r->m = m;
	clock_gettime(CLOCK_MONOTONIC, &r->last_poll);
	s->st.stop = DLX_STOP_NODE_LIMIT;
	r->s = m->init();
	if (!r->s) {
		free(s);
		return DLX_ERR_NOMEM;
	}
	/* The library never prints: CaDiCaL's messages (such as "found falsified original clause") off. */
	m->set_option(r->s, "quiet", 1);
	if (r->cfg->sat_options)
		sat_options(r);
	m->set_terminate(r->s, r, terminate_check);
	bool unsat = false;
	int rc = encode(r, &unsat);
	s->ss.variables = (uint64_t)r->last_var;
	s->ss.clauses = r->clauses;
	if (rc) {
		sat_search_free(s);
		return rc;
	}
	if (unsat || r->stopped) {
		/* A poll that stopped the encoding ends the search: the clauses are not all in. */
		s->st.stop = unsat ? DLX_STOP_COMPLETE : DLX_STOP_POLL;
		s->over = true;
	} else {
		s->n_forced = p->n_forced;
		s->sol = malloc((p->n_forced + r->n_vars_options + 1) * sizeof *s->sol);
		if (!s->sol) {
			sat_search_free(s);
			return DLX_ERR_NOMEM;
		}
		for (size_t k = 0; k < p->n_forced; k++)
			s->sol[k] = option_of_node(p, p->forced[k]);
	}
	/* What the encoding read of p is in the solver now: later changes to p do not reach it. */
	r->p = NULL;
	*out = s;
	return DLX_OK;
}

static void sat_report(const struct dlx_sat_search *s, dlx_stats *stats, dlx_sat_stats *sat)
{
	if (stats) {
		*stats = s->st;
		if (stats->stop == DLX_STOP_COMPLETE)
			stats->progress = 1.0;
	}
	if (sat) {
		*sat = s->ss;
		sat->clauses = s->r.clauses;
	}
}

int dlx_sat_next(dlx_sat_search *s, uint64_t conflicts, dlx_stats *stats, dlx_sat_stats *sat)
{
	if (!s) {
		if (stats)
			*stats = (dlx_stats){ 0, 0, 0, 0, DLX_STOP_ERROR, 0, 0.0 };
		if (sat)
			*sat = (dlx_sat_stats){ 0, 0, 0 };
		return DLX_ERR_INVALID;
	}
	int rc = s->err;
	if (!s->over) {
		s->r.stopped = false;
		rc = s->err = enumerate(&s->r, s->sol, s->n_forced, conflicts, &s->st, &s->ss);
		s->over = s->st.stop != DLX_STOP_NODE_LIMIT && s->st.stop != DLX_STOP_POLL;
	}
	sat_report(s, stats, sat);
	return rc;
}

int dlx_sat_start(dlx_problem *p, const dlx_search_params *params, dlx_sat_search **out)
{
	if (!out)
		return DLX_ERR_INVALID;
	return sat_start(p, params, NULL, out);
}

void dlx_sat_free(dlx_sat_search *s)
{
	if (s)
		sat_search_free(s);
}

int dlx__search_sat_with(dlx_problem *p, const dlx_search_params *params, dlx_stats *stats, dlx_sat_stats *sat,
	const struct dlx__sat_config *cfg)
{
	if (stats)
		*stats = (dlx_stats){ 0, 0, 0, 0, DLX_STOP_COMPLETE, 0, 0.0 };
	if (sat)
		*sat = (dlx_sat_stats){ 0, 0, 0 };
	dlx_sat_search *s;
	int rc = sat_start(p, params, cfg, &s);
	if (rc == DLX_ERR_UNSUPPORTED)
		return unsupported(stats, sat);
	if (rc) {
		if (stats)
			stats->stop = DLX_STOP_ERROR;
		return rc;
	}
	rc = dlx_sat_next(s, params ? params->node_limit : 0, stats, sat);
	if (rc && stats)
		stats->stop = DLX_STOP_ERROR;
	sat_search_free(s);
	return rc;
}

#endif

int dlx_search_sat(dlx_problem *p, const dlx_search_params *params, dlx_stats *stats, dlx_sat_stats *sat)
{
	return dlx__search_sat_with(p, params, stats, sat, NULL);
}
