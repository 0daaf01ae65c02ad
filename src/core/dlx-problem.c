/*
 * Building a problem (its items, options and colors), the accessors of
 * dlx.h, cloning, and the error messages.  The layout built here is
 * described in dlx-problem.h.
 */
#include "dlx.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dlx-internal.h"
#include "dlx-mult.h"
#include "dlx-problem.h"

const char *dlx_version(void)
{
	return DLX_VERSION;
}

const char *dlx_strerror(int err)
{
	switch (err) {
	case DLX_OK: return "success";
	case DLX_ERR_NOMEM: return "out of memory";
	case DLX_ERR_INVALID: return "invalid argument";
	case DLX_ERR_DUPLICATE: return "an item appears twice in one option";
	case DLX_ERR_TOO_BIG: return "problem too big (more than 2^30-1 nodes)";
	case DLX_ERR_CONFLICT: return "forced options conflict";
	case DLX_ERR_OVERFLOW: return "64-bit counter overflow";
	case DLX_ERR_STATE: return "operation not allowed now (options forced, an iterator live, or items with bounds)";
	case DLX_ERR_SYNTAX: return "malformed input";
	case DLX_ERR_IO: return "read error";
	case DLX_ERR_UNSUPPORTED: return "not in this build of the library (the SAT engine needs CaDiCaL)";
	}
	return "unknown error";
}

static void nodes_free(struct dlx_nodes *nd)
{
	free(nd->top);
	free(nd->up);
	free(nd->down);
}

/* Allocates n entries for each of the arrays; false (and nothing kept) when memory is short. */
static bool nodes_alloc(struct dlx_nodes *nd, size_t n)
{
	nd->top = malloc(n * sizeof *nd->top);
	nd->up = malloc(n * sizeof *nd->up);
	nd->down = malloc(n * sizeof *nd->down);
	if (nd->top && nd->up && nd->down)
		return true;
	nodes_free(nd);
	nd->top = nd->up = nd->down = NULL;
	return false;
}

/*
 * Makes room for `need` nodes in each per-node array (the colors' too).
 * On failure the capacity stays what it was; arrays already enlarged keep
 * their contents, so nothing is lost.
 */
static int grow_nodes(dlx_problem *p, size_t need)
{
	if (need <= p->cap_nodes)
		return DLX_OK;
	if (need > DLX_MAX_NODES)
		return DLX_ERR_TOO_BIG;
	size_t ncap = p->cap_nodes ? p->cap_nodes : 16;
	while (ncap < need)
		ncap = ncap > DLX_MAX_NODES / 2 ? DLX_MAX_NODES : ncap * 2;
	int32_t **arrays[4] = { &p->node.top, &p->node.up, &p->node.down, &p->color };
	for (int k = 0; k < 4; k++) {
		if (k == 3 && !p->color)
			break;
		int32_t *na = realloc(*arrays[k], ncap * sizeof *na);
		if (!na)
			return DLX_ERR_NOMEM;
		*arrays[k] = na;
	}
	p->cap_nodes = ncap;
	return DLX_OK;
}

/*
 * A search node costs a scan of the active primary items to choose one, or
 * with tracking a few instructions more per link update and almost no scan.
 * At the root a cover updates about (average item length) x (option size - 1)
 * links per option it hides and a node covers (option size) items, so
 * compare the primary items with that; deeper nodes have fewer of both.
 * The choice changes only the speed: both modes choose the same items.
 *
 * The average misleads when the shapes differ: a chain of single-option
 * items beside long options whose items have many options each (n of
 * each: 13.1 s at n = 10^5, quadratic) looks like a problem of costly
 * nodes, but every item of the chain is a forced move that would scan
 * every open item.  Those moves alone, primary items with one option as
 * built times the primary items, past 2^26 reads (a tenth of a second):
 * then the low bytes whatever the average says.  The suite's problems have
 * none; the 9x9 front end's givens are forced options, not single ones.
 */
static bool want_tracking(const dlx_problem *p)
{
	if (p->track_mode >= 0)
		return p->track_mode;
	if (!p->n_options || !p->n_items)
		return true;
	if ((double)p->n_single * (double)p->n_primary >= (double)((uint64_t)1 << 26))
		return true;
	double opt_nodes = (double)(p->n_nodes - p->n_items - 2 - p->n_options);
	double size = opt_nodes / (double)p->n_options, avg_len = opt_nodes / (double)p->n_items;
	double updates_per_node = avg_len * size * (size - 1);
	return 2.0 * (double)p->n_primary >= updates_per_node;
}

dlx_problem *dlx_problem_new(size_t n_primary, size_t n_secondary)
{
	if (n_primary > DLX_MAX_NODES - 2 || n_secondary > DLX_MAX_NODES - 2 - n_primary)
		return NULL;
	size_t n = n_primary + n_secondary;
	dlx_problem *p = calloc(1, sizeof *p);
	if (!p)
		return NULL;
	p->n_primary = n_primary;
	p->n_secondary = n_secondary;
	p->n_items = n;
	p->len = calloc(n + 1, sizeof *p->len);
	p->set = malloc((n + 1) * sizeof *p->set);
	p->pos = malloc((n + 1) * sizeof *p->pos);
	p->mark = calloc(n + 2, sizeof *p->mark);
	p->low = calloc(low_words(n), sizeof *p->low);
	p->skipped = malloc(dlx__skip_room((int32_t)n_primary) * sizeof *p->skipped);
	if (!p->len || !p->set || !p->pos || !p->mark || !p->low || !p->skipped || grow_nodes(p, n + 2 + 64)) {
		dlx_problem_free(p);
		return NULL;
	}

	int32_t ni = (int32_t)n;
	p->np = (int32_t)n_primary;
	for (int32_t i = 1; i <= ni; i++) {
		p->set[i - 1] = i;
		p->pos[i] = i - 1;
		if (i > p->np)
			p->len[i] = DLX_SECONDARY;
	}
	p->n_act_p = p->np;
	p->n_act_s = ni - p->np;

	for (int32_t i = 0; i <= ni; i++) {
		p->node.top[i] = 0;
		p->node.up[i] = p->node.down[i] = i;
	}
	/* The first spacer: no option before it. */
	p->last_spacer = ni + 1;
	p->node.top[ni + 1] = 0;
	p->node.up[ni + 1] = p->node.down[ni + 1] = 0;
	p->n_nodes = n + 2;
	p->track_mode = -1;
	p->track = want_tracking(p);
	return p;
}

void dlx_problem_free(dlx_problem *p)
{
	if (!p)
		return;
	if (p->borrowed) {
		/* Not its own: see clone_problem(). */
		p->node.top = NULL;
		p->opt_start = NULL;
	}
	free(p->len);
	free(p->set);
	free(p->pos);
	nodes_free(&p->node);
	free(p->color);
	free(p->opt_start);
	free(p->mark);
	free(p->low);
	free(p->skipped);
	free(p->forced);
	dlx__snapshot_free(p);
	free(p->choice);
	if (p->ck_part)
		free(p->ck_part->image);
	free(p->ck_part);
	free(p->lens);
	free(p->calm);
	free(p->scan_at);
	free(p->sol);
	dlx__propagation_free(p);
	dlx__mult_free(p->mult);
	free(p);
}

int dlx__grow(void **buf, size_t *cap, size_t need, size_t elem, size_t max)
{
	if (need <= *cap)
		return DLX_OK;
	if (need > max)
		return DLX_ERR_TOO_BIG;
	size_t ncap = *cap ? *cap : 16;
	while (ncap < need)
		ncap = ncap > max / 2 ? max : ncap * 2;
	void *nb = realloc(*buf, ncap * elem);
	if (!nb)
		return DLX_ERR_NOMEM;
	*buf = nb;
	*cap = ncap;
	return DLX_OK;
}

long dlx_add_option(dlx_problem *p, const size_t *items, size_t n)
{
	return dlx_add_option_colored(p, items, NULL, n);
}

/* Gives the problem its color array (all nodes uncolored) the first time a color is used. */
static int enable_colors(dlx_problem *p)
{
	if (p->color)
		return DLX_OK;
	p->color = calloc(p->cap_nodes, sizeof *p->color);
	return p->color ? DLX_OK : DLX_ERR_NOMEM;
}

long dlx_add_option_colored(dlx_problem *p, const size_t *items, const uint32_t *colors, size_t n)
{
	if (!p || !items || n == 0)
		return DLX_ERR_INVALID;
	if (p->n_forced || p->borrowed || p->iterating)
		return DLX_ERR_STATE;
	p->ck_armed = false;
	if (++p->mark_stamp == 0) {
		memset(p->mark, 0, (p->n_items + 2) * sizeof *p->mark);
		p->mark_stamp = 1;
	}
	bool colored = false;
	for (size_t k = 0; k < n; k++) {
		if (items[k] >= p->n_items)
			return DLX_ERR_INVALID;
		if (p->mark[items[k]] == p->mark_stamp)
			return DLX_ERR_DUPLICATE;
		p->mark[items[k]] = p->mark_stamp;
		if (colors && colors[k]) {
			/* Colors belong to secondary items; ids must fit the node's signed field. */
			if (items[k] < p->n_primary || colors[k] > INT32_MAX)
				return DLX_ERR_INVALID;
			colored = true;
		}
	}
	if (n > DLX_MAX_NODES - p->n_nodes)
		return DLX_ERR_TOO_BIG;
	/* Option ids must fit a spacer's top field and a long. */
	if (p->n_options >= (size_t)INT32_MAX - 1)
		return DLX_ERR_TOO_BIG;
	int r = grow_nodes(p, p->n_nodes + n + 1);
	if (r)
		return r;
	if (colored && (r = enable_colors(p)))
		return r;
	r = dlx__grow((void **)&p->opt_start, &p->cap_options, p->n_options + 1, sizeof *p->opt_start, INT32_MAX);
	if (r)
		return r;
	dlx__snapshot_free(p);

	const struct dlx_nodes nd = p->node;
	int32_t first = (int32_t)p->n_nodes;
	for (size_t k = 0; k < n; k++) {
		int32_t x = first + (int32_t)k;
		int32_t i = (int32_t)items[k] + 1;
		nd.top[x] = i;
		nd.up[x] = nd.up[i];
		nd.down[x] = i;
		nd.down[nd.up[i]] = x;
		nd.up[i] = x;
		p->len[i]++;
		if (i <= p->np)
			p->n_single += p->len[i] == 1 ? 1 : p->len[i] == 2 ? (size_t)-1 : 0;
		if (p->color)
			p->color[x] = colors ? (int32_t)colors[k] : 0;
	}
	int32_t last = first + (int32_t)n - 1;
	nd.down[p->last_spacer] = last;
	int32_t sp = last + 1;
	nd.top[sp] = -(int32_t)p->n_options - 1;
	nd.up[sp] = first;
	nd.down[sp] = 0;
	if (p->color)
		p->color[sp] = 0;
	p->last_spacer = sp;
	p->opt_start[p->n_options] = first;
	p->n_nodes += n + 1;
	p->n_options++;
	p->track = want_tracking(p);
	return (long)p->n_options - 1;
}

size_t dlx_option_size(const dlx_problem *p, size_t opt)
{
	if (!p || opt >= p->n_options)
		return 0;
	size_t end = opt + 1 < p->n_options ? (size_t)p->opt_start[opt + 1] - 1 : (size_t)p->last_spacer;
	return end - (size_t)p->opt_start[opt];
}

size_t dlx_option_item(const dlx_problem *p, size_t opt, size_t k)
{
	if (k >= dlx_option_size(p, opt))
		return (size_t)-1;
	return (size_t)p->node.top[p->opt_start[opt] + (int32_t)k] - 1;
}

uint32_t dlx_option_color(const dlx_problem *p, size_t opt, size_t k)
{
	if (k >= dlx_option_size(p, opt) || !p->color)
		return 0;
	int32_t x = p->opt_start[opt] + (int32_t)k;
	int32_t c = p->color[x];
	/* A node marked by a purification has its item's color. */
	return (uint32_t)(c >= 0 ? c : p->color[p->node.top[x]]);
}

bool dlx_has_colors(const dlx_problem *p)
{
	return p && p->color;
}

/* The counts, 0 for NULL. */
size_t dlx_primary_count(const dlx_problem *p) { return p ? p->n_primary : 0; }
size_t dlx_secondary_count(const dlx_problem *p) { return p ? p->n_secondary : 0; }
size_t dlx_option_count(const dlx_problem *p) { return p ? p->n_options : 0; }
size_t dlx_forced_count(const dlx_problem *p) { return p ? p->n_forced : 0; }

/*
 * A copy of p.  With `borrow`, a worker's copy for a split search: it
 * shares top[] and opt_start[], which never change once options are added
 * (forcing and searching change only the links, lengths, sets and colors),
 * has no room to grow and no mark array, as it never gets options.  That
 * saves a third of the nodes' memory per thread.
 */
static dlx_problem *clone_problem(const dlx_problem *p, bool borrow)
{
	if (!p || p->iterating)
		return NULL;
	dlx_problem *c = calloc(1, sizeof *c);
	if (!c)
		return NULL;
	*c = *p;
	/* The copy owns nothing yet: its links dance independently of the original's. */
	c->len = c->set = c->pos = c->color = c->opt_start = c->forced = c->choice = c->lens = NULL;
	c->node = (struct dlx_nodes){ NULL, NULL, NULL };
	c->calm = NULL;
	c->scan_at = NULL;
	c->mark = NULL;
	c->low = NULL;
	c->skipped = NULL;
	c->snap = NULL;
	c->ck_part = NULL;
	c->sol = NULL;
	c->cap_sol = 0;
	c->trail = NULL;
	c->prop_start = NULL;
	c->sub_seen = NULL;
	c->sub_count = NULL;
	c->seen_len = NULL;
	c->seen_level = NULL;
	c->seen_epoch = c->epoch = NULL;
	c->passed = NULL;
	c->pass_from = NULL;
	c->cand_seen = NULL;
	c->cand = NULL;
	c->n_trail = c->cap_trail = 0;
	c->borrowed = borrow;
	bool mult_ok;
	c->mult = dlx__mult_clone(p->mult, p->n_primary, &mult_ok);
	size_t n = p->n_items;
	c->len = malloc((n + 1) * sizeof *c->len);
	c->set = malloc((n + 1) * sizeof *c->set);
	c->pos = malloc((n + 1) * sizeof *c->pos);
	c->low = malloc(low_words(n) * sizeof *c->low);
	c->skipped = malloc(dlx__skip_room(p->np) * sizeof *c->skipped);
	bool ok = c->len && c->set && c->pos && c->low && c->skipped;
	if (borrow) {
		c->cap_nodes = p->n_nodes;
		c->cap_options = p->n_options;
		c->node.top = p->node.top;
		c->node.up = malloc(c->cap_nodes * sizeof *c->node.up);
		c->node.down = malloc(c->cap_nodes * sizeof *c->node.down);
		c->opt_start = p->opt_start;
		ok = ok && c->node.up && c->node.down;
	} else {
		c->mark = calloc(n + 2, sizeof *c->mark);
		ok = ok && c->mark && nodes_alloc(&c->node, c->cap_nodes);
		c->opt_start = c->cap_options ? malloc(c->cap_options * sizeof *c->opt_start) : NULL;
		ok = ok && (!c->cap_options || c->opt_start);
	}
	if (p->color)
		c->color = malloc(c->cap_nodes * sizeof *c->color);
	c->forced = p->cap_forced ? malloc(p->cap_forced * sizeof *c->forced) : NULL;
	if (!ok || !mult_ok || (p->color && !c->color) || (p->cap_forced && !c->forced)) {
		dlx_problem_free(c);
		return NULL;
	}
	c->mark_stamp = 0;
	memcpy(c->len, p->len, (n + 1) * sizeof *c->len);
	memcpy(c->set, p->set, (n + 1) * sizeof *c->set);
	memcpy(c->pos, p->pos, (n + 1) * sizeof *c->pos);
	memcpy(c->skipped, p->skipped, (size_t)p->n_skipped * sizeof *c->skipped);
	if (!borrow) {
		memcpy(c->node.top, p->node.top, p->n_nodes * sizeof *c->node.top);
		if (p->n_options)
			memcpy(c->opt_start, p->opt_start, p->n_options * sizeof *c->opt_start);
	}
	memcpy(c->node.up, p->node.up, p->n_nodes * sizeof *c->node.up);
	memcpy(c->node.down, p->node.down, p->n_nodes * sizeof *c->node.down);
	if (p->color)
		memcpy(c->color, p->color, p->n_nodes * sizeof *c->color);
	if (p->n_forced)
		memcpy(c->forced, p->forced, p->n_forced * sizeof *c->forced);
	return c;
}

dlx_problem *dlx_problem_clone(const dlx_problem *p)
{
	return clone_problem(p, false);
}

dlx_problem *dlx__problem_borrow(const dlx_problem *p)
{
	return clone_problem(p, true);
}

void dlx__set_tracking(dlx_problem *p, int mode)
{
	p->track_mode = (int8_t)(mode < 0 ? -1 : mode > 2 ? 1 : mode);
	p->track = want_tracking(p);
}
