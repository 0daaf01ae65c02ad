/*
 * Algorithm M (TAOCP 7.2.2.1, Knuth's DLX3): exact cover with multiplicities
 * and colors, and its branch and bound for the cheapest solutions (Knuth's
 * DLX5's cutoff).  Used only for problems that have bounds other than 1:1
 * (dlx_search()) or for dlx_search_best(), so the plain search's hot loop
 * (dlx-search.c) stays as it is.
 *
 * The search works on its own copy of the problem's links (the same node
 * numbering, the same order of each item's options, so a seed's order is
 * kept), with Knuth's DLX3 fields per primary item: `bound`, how many more
 * options may still cover it, and `slack`, hi - lo, which never changes;
 * it still needs bound - slack more (when positive).  Active primary items
 * are a doubly linked list in item order.
 *
 * At a node the search branches on an item i (fewest branches, see
 * choose()).  Two ways, as in DLX3:
 * - when i may take one option more at most (bound 1), i is covered (its
 *   options leave every other list) and each option of its list is tried in
 *   turn, as Algorithm X does, then, if i does not need it, no option;
 * - otherwise each option x tried is "tweaked": it leaves every list, i's
 *   included, and stays out while its later siblings are tried, so that the
 *   options of one item are only ever chosen in list order and each set of
 *   options is met once.  The branches stop when fewer options are left
 *   than i still needs; when i needs none, a last branch closes i (it leaves
 *   the active list with all its options tweaked away).
 * Choosing an option x "commits" its other items: a primary item's bound
 * goes down, and at 0 the item is covered; a secondary item is covered, or
 * purified to x's color (Algorithm C).
 *
 * The cheapest solutions (Knuth's DLX5, with a bound of its own): every
 * option has a cost.  First, Knuth's taxes: an item covered a fixed number
 * of times pays its cheapest option's cost that often in every solution,
 * so that much leaves its options' costs (their "net" costs), in item
 * order, and is added to every solution's cost at the root.  Each item's
 * list is sorted by net cost.  Then, with the K-th cheapest cost found so
 * far, an option whose net cost exceeds what is left of it is "unusable":
 * the branching rule counts only the usable options of an item (an item
 * with fewer than it needs ends the node), and an item's branches stop at
 * its first unusable option.  And a bound: each primary item of an option
 * is charged floor(net cost / primary items of the option), its share, so
 * an option's shares never add up to more than its net cost; a solution
 * below a node must give each active item i at least need(i) more options,
 * each paying at least the smallest usable share of i's list, so the sum of
 * need x smallest share bounds what the rest costs.  A node whose cost so
 * far plus the bound exceeds the K-th cost is cut.  Equal costs are never
 * cut, so that every solution that ties with the K-th is found and counted.
 */
#include "dlx.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "dlx-internal.h"
#include "dlx-mult.h"
#include "dlx-problem.h"

/* How a level branches on its item. */
enum { MODE_COVER, MODE_TWEAK };

struct level {
	int32_t item;     /* the item branched on */
	int32_t cur;      /* the option node tried, or item: no option (the item closed) */
	int32_t mode;
	int32_t score;    /* the branches, for the progress estimate */
	int32_t k;        /* the branch tried, from 0 */
	size_t tweaks;    /* where this level's tweaks start on the tweak stack */
	uint64_t cost;    /* cost of the options chosen above this level */
};

struct msearch {
	dlx_problem *p;
	int32_t n, np;                 /* items, primary items */
	int32_t *top, *up, *down, *color;
	int32_t *len, *bound, *slack;  /* len: n + 1; bound, slack: np + 1 */
	int32_t *prev, *next;          /* the active primary items, 0 the head */
	uint64_t *share;               /* per option: its share of net cost per primary item (best only) */
	uint64_t *ocost;               /* per option: its net cost, its cost less its items' taxes (best only) */
	int32_t *optid;                /* per node: its option (best only) */
	uint64_t base;                 /* the taxes every solution pays (best only) */
	int32_t *tweak;                /* the tweaked nodes, in the order tweaked */
	size_t n_tweak;
	struct level *lv;
	size_t cap_lv;
	size_t *sol;
	uint64_t updates;
	struct dlx__mcut *cut;         /* the subtrees to search (threads, parts), or NULL: all */
	struct mpause *pause;          /* a pull search's (dlx_iter_*), or NULL: solutions go to on_solution */
};

/*
 * Where a pull search stopped at a solution: msearch_run()'s locals, so
 * that the next call goes on after it (as search_impl()'s pull copy does).
 */
struct mpause {
	bool paused;
	size_t level, n;               /* n: the solution's options, in m->sol */
	uint64_t cost;
	uint32_t poll_left;
	dlx_stats st;
};

static void ms_free(struct msearch *m)
{
	free(m->top);
	free(m->up);
	free(m->down);
	free(m->color);
	free(m->len);
	free(m->bound);
	free(m->slack);
	free(m->prev);
	free(m->next);
	free(m->share);
	free(m->ocost);
	free(m->optid);
	free(m->tweak);
	free(m->lv);
	free(m->sol);
}

static size_t option_of(const struct msearch *m, int32_t x)
{
	while (m->top[x] > 0)
		x++;
	return (size_t)(-m->top[x] - 1);
}

struct keyed {
	uint64_t share;
	int32_t node;
};

static int cmp_keyed(const void *a, const void *b)
{
	const struct keyed *x = a, *y = b;
	if (x->share != y->share)
		return x->share < y->share ? -1 : 1;
	return (x->node > y->node) - (x->node < y->node);
}

/* Sorts item i's list by net cost, then by its order before (a stable sort: nodes number the order). */
static int sort_list(struct msearch *m, int32_t i, struct keyed **buf, size_t *cap)
{
	size_t n = (size_t)m->len[i], k = 0;
	if (n < 2)
		return DLX_OK;
	if (dlx__grow((void **)buf, cap, n, sizeof **buf, DLX_MAX_NODES))
		return DLX_ERR_NOMEM;
	struct keyed *a = *buf;
	for (int32_t x = m->down[i]; x != i; x = m->down[x], k++) {
		a[k].share = m->ocost[m->optid[x]];
		a[k].node = (int32_t)k;
	}
	/* node holds the rank in the list before (a seed's order), then the node again */
	k = 0;
	for (int32_t x = m->down[i]; x != i; x = m->down[x], k++)
		m->tweak[k] = x;
	qsort(a, n, sizeof *a, cmp_keyed);
	for (k = 0; k < n; k++)
		a[k].node = m->tweak[a[k].node];
	int32_t prev = i;
	for (k = 0; k < n; k++) {
		m->down[prev] = a[k].node;
		m->up[a[k].node] = prev;
		prev = a[k].node;
	}
	m->down[prev] = i;
	m->up[i] = prev;
	return DLX_OK;
}

/* Reads p only (a split's threads share it); m->p is not written through either. */
static int ms_init(struct msearch *m, const dlx_problem *p, bool best)
{
	memset(m, 0, sizeof *m);
	m->p = (dlx_problem *)p;
	m->n = (int32_t)p->n_items;
	m->np = p->np;
	size_t nn = p->n_nodes, ni = p->n_items + 1, npr = p->n_primary + 1;
	m->top = malloc(nn * sizeof *m->top);
	m->up = malloc(nn * sizeof *m->up);
	m->down = malloc(nn * sizeof *m->down);
	m->color = calloc(nn, sizeof *m->color);
	m->len = calloc(ni, sizeof *m->len);
	m->bound = malloc(npr * sizeof *m->bound);
	m->slack = malloc(npr * sizeof *m->slack);
	m->prev = malloc(npr * sizeof *m->prev);
	m->next = malloc(npr * sizeof *m->next);
	/* Each option is tweaked once at most on a path, and a solution has each once at most. */
	m->tweak = malloc((nn + 1) * sizeof *m->tweak);
	m->sol = malloc((p->n_options + 1) * sizeof *m->sol);
	if (!m->top || !m->up || !m->down || !m->color || !m->len || !m->bound || !m->slack || !m->prev || !m->next ||
	    !m->tweak || !m->sol)
		return DLX_ERR_NOMEM;
	memcpy(m->top, p->node.top, nn * sizeof *m->top);
	memcpy(m->up, p->node.up, nn * sizeof *m->up);
	memcpy(m->down, p->node.down, nn * sizeof *m->down);
	if (p->color)
		memcpy(m->color, p->color, nn * sizeof *m->color);
	for (int32_t i = 1; i <= m->n; i++)
		for (int32_t x = m->down[i]; x != i; x = m->down[x])
			m->len[i]++;
	const struct dlx_mult *mu = p->mult;
	for (int32_t i = 1; i <= m->np; i++) {
		uint32_t lo = 1, hi = 1;
		if (mu && mu->lo)
			lo = mu->lo[i - 1], hi = mu->hi[i - 1];
		m->bound[i] = (int32_t)hi;
		m->slack[i] = (int32_t)(hi - lo);
		m->prev[i] = i - 1;
		m->next[i] = i < m->np ? i + 1 : 0;
	}
	m->next[0] = m->np ? 1 : 0;
	m->prev[0] = m->np;
	m->bound[0] = m->slack[0] = 0;
	if (best) {
		size_t no = p->n_options ? p->n_options : 1;
		m->share = calloc(no, sizeof *m->share);
		m->ocost = calloc(no, sizeof *m->ocost);
		m->optid = calloc(nn, sizeof *m->optid);
		if (!m->share || !m->ocost || !m->optid)
			return DLX_ERR_NOMEM;
		for (size_t o = 0; o < p->n_options; o++) {
			m->ocost[o] = dlx_option_cost(p, o);
			size_t sz = dlx_option_size(p, o);
			for (size_t k = 0; k < sz; k++)
				m->optid[p->opt_start[o] + (int32_t)k] = (int32_t)o;
		}
		/*
		 * Knuth's DLX5 taxes: an item covered a fixed number of times
		 * (lo = hi) pays, in every solution, lo times its cheapest
		 * option's cost; take that out of its options' costs, in item
		 * order, so that net costs stay nonnegative and each such item
		 * has an option of net cost 0.  Net costs then say how much more
		 * than the taxes an option costs.
		 */
		for (int32_t i = 1; i <= m->np; i++) {
			if (m->slack[i] || m->down[i] == i)
				continue;
			uint64_t minc = UINT64_MAX;
			for (int32_t x = m->down[i]; x != i; x = m->down[x])
				if (m->ocost[m->optid[x]] < minc)
					minc = m->ocost[m->optid[x]];
			for (int32_t x = m->down[i]; x != i; x = m->down[x])
				m->ocost[m->optid[x]] -= minc;
			/* At most 2^30 items times 2^33: no overflow. */
			m->base += minc * (uint64_t)m->bound[i];
		}
		for (size_t o = 0; o < p->n_options; o++) {
			uint64_t prim = 0;
			size_t sz = dlx_option_size(p, o);
			for (size_t k = 0; k < sz; k++)
				prim += dlx_option_item(p, o, k) < p->n_primary;
			m->share[o] = prim ? m->ocost[o] / prim : 0;
		}
		struct keyed *buf = NULL;
		size_t cap = 0;
		for (int32_t i = 1; i <= m->np; i++) {
			if (sort_list(m, i, &buf, &cap)) {
				free(buf);
				return DLX_ERR_NOMEM;
			}
		}
		free(buf);
	}
	return DLX_OK;
}

/* Takes option pp out of every list but the one pp is in (Knuth's hide, skipping purified nodes). */
static void hide(struct msearch *m, int32_t pp)
{
	for (int32_t q = pp + 1; q != pp;) {
		int32_t x = m->top[q];
		if (x <= 0) {
			q = m->up[q];
			continue;
		}
		if (m->color[q] >= 0) {
			int32_t u = m->up[q], d = m->down[q];
			m->down[u] = d;
			m->up[d] = u;
			m->len[x]--;
			m->updates++;
		}
		q++;
	}
}

static void unhide(struct msearch *m, int32_t pp)
{
	for (int32_t q = pp - 1; q != pp;) {
		int32_t x = m->top[q];
		if (x <= 0) {
			q = m->down[q];
			continue;
		}
		if (m->color[q] >= 0) {
			int32_t u = m->up[q], d = m->down[q];
			m->down[u] = q;
			m->up[d] = q;
			m->len[x]++;
		}
		q--;
	}
}

static void deactivate(struct msearch *m, int32_t i)
{
	int32_t a = m->prev[i], b = m->next[i];
	m->next[a] = b;
	m->prev[b] = a;
}

static void reactivate(struct msearch *m, int32_t i)
{
	m->next[m->prev[i]] = i;
	m->prev[m->next[i]] = i;
}

/* Blocks every option of item i (a primary item leaves the active list too). */
static void cover(struct msearch *m, int32_t i)
{
	if (i <= m->np)
		deactivate(m, i);
	m->updates++;
	for (int32_t x = m->down[i]; x != i; x = m->down[x])
		hide(m, x);
}

static void uncover(struct msearch *m, int32_t i)
{
	for (int32_t x = m->up[i]; x != i; x = m->up[x])
		unhide(m, x);
	if (i <= m->np)
		reactivate(m, i);
}

/* Algorithm C's purification: secondary item of node q keeps only the options of q's color. */
static void purify(struct msearch *m, int32_t q)
{
	int32_t i = m->top[q], c = m->color[q];
	m->color[i] = c;
	m->updates++;
	for (int32_t x = m->down[i]; x != i; x = m->down[x]) {
		if (m->color[x] == c)
			m->color[x] = -1;
		else
			hide(m, x);
	}
}

static void unpurify(struct msearch *m, int32_t q)
{
	int32_t i = m->top[q], c = m->color[i];
	for (int32_t x = m->up[i]; x != i; x = m->up[x]) {
		if (m->color[x] < 0)
			m->color[x] = c;
		else
			unhide(m, x);
	}
	m->color[i] = 0;
}

/* Commits the items of x's option other than x's own (see the top of the file). */
static void commit_rest(struct msearch *m, int32_t x)
{
	for (int32_t q = x + 1; q != x;) {
		int32_t j = m->top[q];
		if (j <= 0) {
			q = m->up[q];
			continue;
		}
		if (j <= m->np) {
			if (--m->bound[j] == 0)
				cover(m, j);
		} else if (m->color[q] == 0) {
			cover(m, j);
		} else if (m->color[q] > 0) {
			purify(m, q);
		}
		q++;
	}
}

static void uncommit_rest(struct msearch *m, int32_t x)
{
	for (int32_t q = x - 1; q != x;) {
		int32_t j = m->top[q];
		if (j <= 0) {
			q = m->down[q];
			continue;
		}
		if (j <= m->np) {
			if (m->bound[j]++ == 0)
				uncover(m, j);
		} else if (m->color[q] == 0) {
			uncover(m, j);
		} else if (m->color[q] > 0) {
			unpurify(m, q);
		}
		q--;
	}
}

/* Takes option x out of its item's list (and every other): it is not chosen again below. */
static int tweak(struct msearch *m, int32_t x)
{
	hide(m, x);
	int32_t u = m->up[x], d = m->down[x];
	m->down[u] = d;
	m->up[d] = u;
	m->len[m->top[x]]--;
	m->updates++;
	m->tweak[m->n_tweak++] = x;
	return DLX_OK;
}

static void untweak_to(struct msearch *m, size_t keep)
{
	while (m->n_tweak > keep) {
		int32_t x = m->tweak[--m->n_tweak];
		int32_t u = m->up[x], d = m->down[x];
		m->down[u] = x;
		m->up[d] = x;
		m->len[m->top[x]]++;
		unhide(m, x);
	}
}

/*
 * The item to branch on: the fewest branches, len + 1 - (bound - slack)
 * with bound - slack taken as 0 when negative (Knuth's DLX3), ties to the
 * smaller slack, then the longer list.  *score gets its branches (at most
 * 0: it cannot get what it needs), *lower the cost bound of the active
 * items (best only).  0 when no primary item is active.  With best, len
 * counts only the options of net cost within `budget` (DLX5's usable
 * options: the others would make the solution dearer than the K-th), and
 * the bound takes the smallest share among them.
 */
static int32_t choose(const struct msearch *m, int32_t *score, uint64_t *lower, bool best, uint64_t budget)
{
	int32_t bi = 0, bs = INT32_MAX, bslack = 0, blen = 0;
	uint64_t low = 0, bmin = 0;
	for (int32_t k = m->next[0]; k != 0; k = m->next[k]) {
		int32_t s = m->slack[k] < m->bound[k] ? m->slack[k] : m->bound[k];
		int32_t need = m->bound[k] - s;
		int32_t len = m->len[k];
		if (best) {
			uint64_t sh = UINT64_MAX;
			len = 0;
			for (int32_t x = m->down[k]; x != k && m->ocost[m->optid[x]] <= budget; x = m->down[x]) {
				len++;
				if (m->share[m->optid[x]] < sh)
					sh = m->share[m->optid[x]];
			}
			/* Shares are at most DLX_COST_MAX and needs below 2^30: no overflow. */
			if (need > 0 && len > 0)
				low += sh * (uint64_t)need;
			if (low > ((uint64_t)1 << 63))
				low = (uint64_t)1 << 63;
		}
		int32_t t = len + 1 - need;
		/* DLX5's tie-break with costs: the item whose cheapest option is dearest forces the most */
		uint64_t mc = best && m->down[k] != k ? m->ocost[m->optid[m->down[k]]] : 0;
		if (t < bs || (t == bs && (s < bslack || (s == bslack && (mc > bmin || (mc == bmin && len > blen)))))) {
			bi = k, bs = t, bslack = s, blen = len, bmin = mc;
		}
	}
	*score = bs;
	*lower = low;
	return bi;
}

/* Knuth's estimate of the share of the tree done, from each level's branch and branches. */
static double progress(const struct msearch *m, size_t level)
{
	double done = 0, w = 1;
	for (size_t l = 0; l < level; l++) {
		int32_t s = m->lv[l].score > 0 ? m->lv[l].score : 1;
		w /= s;
		done += w * m->lv[l].k;
	}
	return done > 1 ? 1 : done;
}

/*
 * The K cheapest solutions found so far (best only).  b->ties counts, while
 * the search runs, the solutions of the K-th cost that are not kept (turned
 * away, or dropped for a cheaper one); the kept ones are added at the end.
 */
struct keep {
	size_t k;
	dlx_best *b;
	uint64_t kth;  /* the largest kept cost, once K are kept */
};

static uint64_t largest(const dlx_best *b, size_t *at)
{
	size_t w = 0;
	for (size_t s = 1; s < b->n; s++)
		if (b->sol[s].cost >= b->sol[w].cost)
			w = s;
	if (at)
		*at = w;
	return b->sol[w].cost;
}

static int keep_solution(struct keep *kp, uint64_t cost, const size_t *opts, size_t n)
{
	dlx_best *b = kp->b;
	size_t slot;
	if (b->n < kp->k) {
		slot = b->n++;
		b->sol[slot].options = NULL;
	} else if (cost > kp->kth) {
		return DLX_OK;
	} else if (cost == kp->kth) {
		b->ties++;
		return DLX_OK;
	} else {
		largest(b, &slot);
		b->sol[slot].cost = cost;
		b->ties = largest(b, NULL) == kp->kth ? b->ties + 1 : 0;
	}
	b->sol[slot].cost = cost;
	size_t *o = realloc(b->sol[slot].options, (n ? n : 1) * sizeof *o);
	if (!o) {
		b->sol[slot].n = 0;
		return DLX_ERR_NOMEM;
	}
	if (n)
		memcpy(o, opts, n * sizeof *o);
	b->sol[slot].options = o;
	b->sol[slot].n = n;
	if (b->n == kp->k)
		kp->kth = largest(b, NULL);
	return DLX_OK;
}

static int cmp_costed(const void *a, const void *b)
{
	const dlx_costed *x = a, *y = b;
	return (x->cost > y->cost) - (x->cost < y->cost);
}

/*
 * A leaf of the cut at `level` (a solution, or a node at the deepest
 * stage's depth): takes its number in each stage it is a leaf of and says
 * whether it is kept.  0: skipped; 1: not a leaf of the stages left, a node
 * above the cut that every worker walks; 2: kept by the last stage, and
 * then by this worker's claim.  Nodes at the deepest stage's depth are
 * leaves whatever they hold, so the search asks before it enters them,
 * and a skipped one costs no commit.
 */
static int mcut_leaf(struct dlx__mcut *c, size_t level, bool solution)
{
	size_t s = 0;
	/* The stages above were passed on the way here. */
	while (s < c->n && c->stage[s].depth < level)
		s++;
	for (; s < c->n; s++) {
		struct dlx__mstage *g = &c->stage[s];
		if (g->depth != level && !solution)
			return 1;
		uint64_t t = g->seen++;
		if (s + 1 == c->n && g->depth == level)
			c->deeper = true;
		if (!g->parts || t % g->parts != g->part - 1)
			return 0;
	}
	if (c->claim) {
		uint64_t k = c->kept++;
		/* Claims only grow and this worker held k - 1 or more: a new one is k or later. */
		if (!c->have || c->mine < k) {
			c->mine = atomic_fetch_add(c->claim, 1);
			c->have = true;
		}
		if (c->mine != k)
			return 0;
	}
	return 2;
}

/*
 * The search, iterative (a level per choice: depth up to the options plus
 * the primary items).  With `kp`, the branch and bound for the cheapest.
 */
static int msearch_run(struct msearch *m, const dlx_search_params *params, dlx_stats *stats, struct keep *kp)
{
	static const dlx_search_params defaults = DLX_SEARCH_PARAMS_INIT;
	if (!params)
		params = &defaults;
	const bool best = kp != NULL;
	dlx_stats st = { 0, 0, 0, 0, DLX_STOP_COMPLETE, 0, 0.0 };
	const uint32_t poll_every = params->poll_interval ? params->poll_interval : 65536;
	uint32_t poll_left = poll_every;
	int rc = DLX_OK;
	size_t depth_max = m->p->n_options + m->p->n_primary + 1;
	const uint64_t update_room = UINT64_MAX - (uint64_t)m->p->n_nodes * 4 - 16;
	size_t level = 0;
	uint64_t cost = m->base;
	struct level *L;
	int32_t i, x;
	if (m->pause && m->pause->paused) {
		/* Re-entered at its solution's node: the limit, then on as the search goes on after one. */
		struct mpause *pz = m->pause;
		pz->paused = false;
		level = pz->level, cost = pz->cost, poll_left = pz->poll_left, st = pz->st;
		if (params->solution_limit && st.solutions >= params->solution_limit) {
			st.stop = DLX_STOP_LIMIT;
			goto unwind;
		}
		goto backdown;
	}

forward:
	if (st.nodes == UINT64_MAX || st.branches == UINT64_MAX || m->updates > update_room) {
		rc = DLX_ERR_OVERFLOW;
		st.stop = DLX_STOP_ERROR;
		goto unwind;
	}
	if (params->node_limit && st.nodes >= params->node_limit) {
		st.stop = DLX_STOP_NODE_LIMIT;
		goto unwind;
	}
	/* Above the cut: a solution there is a leaf; the other nodes are walked by every worker. */
	if (m->cut && level < m->cut->deepest) {
		int at = mcut_leaf(m->cut, level, m->next[0] == 0);
		if (at == 0)
			goto backdown;
		m->cut->shared_nodes += at == 1;
	}
	st.nodes++;
	if (level > st.max_level)
		st.max_level = level > UINT32_MAX ? UINT32_MAX : (uint32_t)level;
	if (params->on_poll && --poll_left == 0) {
		poll_left = poll_every;
		st.updates = m->updates;
		st.progress = progress(m, level);
		dlx_stats now = st;
		/* A split's workers count the nodes above the cut once between them (the lead's). */
		if (m->cut && !m->cut->lead)
			now.nodes -= m->cut->shared_nodes;
		if (params->on_poll(params->poll_ctx, &now)) {
			st.stop = DLX_STOP_POLL;
			goto unwind;
		}
	}
	if (level >= m->cap_lv) {
		if (dlx__grow((void **)&m->lv, &m->cap_lv, level + 1, sizeof *m->lv, depth_max)) {
			rc = DLX_ERR_NOMEM;
			st.stop = DLX_STOP_ERROR;
			goto unwind;
		}
	}
	{
		int32_t score;
		uint64_t lower;
		/* What the rest may cost when the K-th is to be matched at most (ties are kept). */
		uint64_t budget = best && kp->b->n == kp->k ? (kp->kth >= cost ? kp->kth - cost : 0) : UINT64_MAX;
		i = choose(m, &score, &lower, best, budget);
		if (best && kp->b->n == kp->k && cost + lower > kp->kth)
			goto backdown;
		if (i == 0) {
			size_t n = 0;
			for (size_t l = 0; l < level; l++)
				if (m->lv[l].cur != m->lv[l].item)
					m->sol[n++] = option_of(m, m->lv[l].cur);
			if (st.solutions == UINT64_MAX) {
				rc = DLX_ERR_OVERFLOW;
				st.stop = DLX_STOP_ERROR;
				goto unwind;
			}
			st.solutions++;
			if (best) {
				rc = keep_solution(kp, cost, m->sol, n);
				if (rc) {
					st.stop = DLX_STOP_ERROR;
					goto unwind;
				}
			} else if (m->pause) {
				struct mpause *pz = m->pause;
				pz->paused = true;
				pz->level = level, pz->n = n, pz->cost = cost, pz->poll_left = poll_left;
				st.updates = m->updates;
				pz->st = st;
				if (stats)
					*stats = st;
				return DLX_OK;
			} else if (params->on_solution && params->on_solution(params->solution_ctx, m->sol, n)) {
				st.stop = DLX_STOP_CALLBACK;
				goto unwind;
			}
			if (params->solution_limit && st.solutions >= params->solution_limit) {
				st.stop = DLX_STOP_LIMIT;
				goto unwind;
			}
			goto backdown;
		}
		if (score <= 0)
			goto backdown;
		st.branches += score > 1;
		if (m->cut && level < m->cut->deepest)
			m->cut->shared_branches += score > 1;
		L = &m->lv[level];
		L->item = i;
		L->score = score;
		L->k = 0;
		L->cost = cost;
		L->tweaks = m->n_tweak;
		if (--m->bound[i] == 0) {
			L->mode = MODE_COVER;
			cover(m, i);
		} else {
			L->mode = MODE_TWEAK;
		}
		L->cur = m->down[i];
	}

advance:	/* Try level L's branch L->cur (or its next), or back up. */
	L = &m->lv[level];
	i = L->item;
	x = L->cur;
	/* The options are sorted by net cost: past the first too dear, all are (best only). */
	if (L->mode == MODE_TWEAK) {
		x = m->down[i];
		/* bound is one less than on entry: i needs bound + 1 - slack more, this branch included */
		if (m->len[i] < m->bound[i] + 1 - m->slack[i])
			goto backup;
		/* Not this worker's or part's: as if entered and left (see backdown). */
		if (x == i && m->cut && level + 1 == m->cut->deepest && !mcut_leaf(m->cut, level + 1, false)) {
			L->k++;
			goto backup;
		}
		if (x != i && best && kp->b->n == kp->k && L->cost + m->ocost[m->optid[x]] > kp->kth) {
			if (m->bound[i] + 1 - m->slack[i] > 0)
				goto backup;
			/* No more options for i: those left go the way of the tried ones, then i closes. */
			while (m->down[i] != i)
				tweak(m, m->down[i]);
			x = i;
		}
		if (x != i)
			tweak(m, x);
		else
			deactivate(m, i);
	} else {
		if (x != i && best && kp->b->n == kp->k && L->cost + m->ocost[m->optid[x]] > kp->kth)
			x = i;
		if (x == i && m->slack[i] == 0)
			goto backup;
	}
	if (m->cut && level + 1 == m->cut->deepest) {
		/* The closing branch of a tweaked item was asked above, before i left the active list. */
		if ((L->mode == MODE_COVER || x != i) && !mcut_leaf(m->cut, level + 1, false)) {
			L->k++;
			if (x == i)
				goto backup;
			if (L->mode == MODE_COVER)
				L->cur = m->down[x];
			goto advance;
		}
		m->cut->in_owned = true;
		m->cut->owned_from = m->updates;
	}
	L->cur = x;
	cost = L->cost;
	if (x != i) {
		commit_rest(m, x);
		if (best)
			cost += m->ocost[m->optid[x]];
	}
	level++;
	goto forward;

backup:	/* Level L's branches are done: restore its item. */
	if (L->mode == MODE_COVER)
		uncover(m, i);
	else
		untweak_to(m, L->tweaks);
	m->bound[i]++;

backdown:	/* Leave this node for its parent's next branch. */
	if (level == 0)
		goto done;
	level--;
	if (m->cut && m->cut->in_owned && level + 1 == m->cut->deepest) {
		m->cut->owned_updates += m->updates - m->cut->owned_from;
		m->cut->in_owned = false;
	}
	L = &m->lv[level];
	i = L->item;
	x = L->cur;
	L->k++;
	if (x == i) {
		if (L->mode == MODE_TWEAK)
			reactivate(m, i);
		goto backup;
	}
	uncommit_rest(m, x);
	if (L->mode == MODE_COVER)
		L->cur = m->down[x];
	goto advance;

unwind:	/* Stopped early: undo every level so the copy is consistent (it is dropped anyway). */
	st.progress = progress(m, level);
done:
	st.updates = m->updates;
	if (m->cut && m->cut->in_owned) {
		m->cut->owned_updates += m->updates - m->cut->owned_from;
		m->cut->in_owned = false;
	}
	if (st.stop == DLX_STOP_COMPLETE)
		st.progress = 1.0;
	if (stats)
		*stats = st;
	return rc;
}

int dlx__search_m(dlx_problem *p, const dlx_search_params *params, dlx_stats *stats)
{
	if (stats)
		*stats = (dlx_stats){ 0, 0, 0, 0, DLX_STOP_COMPLETE, 0, 0.0 };
	if (p->n_forced)
		return DLX_ERR_STATE;
	struct msearch m;
	int rc = ms_init(&m, p, false);
	if (!rc)
		rc = msearch_run(&m, params, stats, NULL);
	else if (stats)
		stats->stop = DLX_STOP_ERROR;
	ms_free(&m);
	return rc;
}

/* A pull search of Algorithm M: its own copy of the links, paused at each solution. */
struct dlx__miter {
	struct msearch m;
	struct mpause pause;
	dlx_search_params params;
	dlx_stats stats;
	bool done;
	int rc;
};

int dlx__miter_new(dlx_problem *p, const dlx_search_params *params, struct dlx__miter **out)
{
	static const dlx_search_params defaults = DLX_SEARCH_PARAMS_INIT;
	*out = NULL;
	if (p->n_forced)
		return DLX_ERR_STATE;
	struct dlx__miter *it = calloc(1, sizeof *it);
	if (!it)
		return DLX_ERR_NOMEM;
	int rc = ms_init(&it->m, p, false);
	if (rc) {
		ms_free(&it->m);
		free(it);
		return rc;
	}
	it->m.pause = &it->pause;
	it->params = params ? *params : defaults;
	it->stats = (dlx_stats){ 0, 0, 0, 0, DLX_STOP_COMPLETE, 0, 0.0 };
	*out = it;
	return DLX_OK;
}

int dlx__miter_next(struct dlx__miter *it, const size_t **options, size_t *n)
{
	if (it->done)
		return it->rc;
	it->rc = msearch_run(&it->m, &it->params, &it->stats, NULL);
	if (!it->rc && it->pause.paused) {
		*options = it->m.sol;
		*n = it->pause.n;
		return 1;
	}
	it->done = true;
	return it->rc;
}

void dlx__miter_stats(const struct dlx__miter *it, dlx_stats *stats)
{
	*stats = it->stats;
}

void dlx__miter_free(struct dlx__miter *it)
{
	if (!it)
		return;
	ms_free(&it->m);
	free(it);
}

void dlx_best_free(dlx_best *b)
{
	if (!b)
		return;
	for (size_t s = 0; s < b->n; s++)
		free(b->sol[s].options);
	free(b->sol);
	free(b);
}

int dlx_search_best(dlx_problem *p, const dlx_search_params *params, size_t k, dlx_best **out, dlx_stats *stats)
{
	if (stats)
		*stats = (dlx_stats){ 0, 0, 0, 0, DLX_STOP_COMPLETE, 0, 0.0 };
	if (out)
		*out = NULL;
	if (!p || !out || k == 0 || k > DLX_BEST_MAX || (params && params->on_solution))
		return DLX_ERR_INVALID;
	if (p->n_forced || p->iterating)
		return DLX_ERR_STATE;
	dlx_best *b = calloc(1, sizeof *b);
	if (!b)
		return DLX_ERR_NOMEM;
	b->sol = calloc(k, sizeof *b->sol);
	if (!b->sol) {
		free(b);
		return DLX_ERR_NOMEM;
	}
	struct keep kp = { k, b, 0 };
	struct msearch m;
	int rc = ms_init(&m, p, true);
	if (!rc)
		rc = msearch_run(&m, params, stats, &kp);
	else if (stats)
		stats->stop = DLX_STOP_ERROR;
	ms_free(&m);
	if (rc && rc != DLX_ERR_OVERFLOW) {
		dlx_best_free(b);
		return rc;
	}
	/* A stable sort keeps the order found among equal costs. */
	for (size_t s = 1; s < b->n; s++) {
		dlx_costed c = b->sol[s];
		size_t t = s;
		while (t > 0 && cmp_costed(&b->sol[t - 1], &c) > 0) {
			b->sol[t] = b->sol[t - 1];
			t--;
		}
		b->sol[t] = c;
	}
	for (size_t s = 0; s < b->n; s++)
		b->ties += b->sol[s].cost == b->sol[b->n - 1].cost;
	*out = b;
	return rc;
}

/* Resets what a run of cut counts, the plan kept. */
static void mcut_reset(struct dlx__mcut *c)
{
	for (size_t s = 0; s < c->n; s++)
		c->stage[s].seen = 0;
	c->kept = c->mine = 0;
	c->have = c->deeper = c->in_owned = false;
	c->shared_nodes = c->shared_branches = c->owned_updates = c->owned_from = 0;
}

/* What the probes of one plan may cost, as the walks of dlx__cut() (dlx-cut.c). */
#define PLAN_BUDGET (UINT64_C(1) << 26)
/* Leaves per part at a stage: as dlx__part_cut() gives a part jobs. */
#define LEAVES_PER_PART 64

int dlx__mcut_plan(dlx_problem *p, const dlx_part *path, size_t depth, size_t target, const dlx_search_params *params,
		   struct dlx__mcut *cut, dlx_stats *walks)
{
	*walks = (dlx_stats){ 0, 0, 0, 0, DLX_STOP_COMPLETE, 0, 0.0 };
	memset(cut, 0, sizeof *cut);
	if (p->n_forced || depth > DLX_MAX_PART_DEPTH)
		return DLX_ERR_STATE;
	struct msearch m;
	int rc = ms_init(&m, p, false);
	if (rc) {
		ms_free(&m);
		return rc;
	}
	m.cut = cut;
	dlx_search_params pp = DLX_SEARCH_PARAMS_INIT;
	if (params) {
		pp.on_poll = params->on_poll;
		pp.poll_ctx = params->poll_ctx;
		pp.poll_interval = params->poll_interval;
	}
	const uint64_t per_node = (uint64_t)m.np + 1;
	uint64_t spent = 0;
	size_t levels = depth ? depth : 1;
	for (size_t s = 0; s < levels; s++) {
		size_t want = depth ? (size_t)LEAVES_PER_PART * path[s].parts : target;
		cut->n = s + 1;
		/* A piece may be cut at its part's depth: its leaves are then the part's, taken every N-th. */
		for (size_t d = s ? cut->stage[s - 1].depth : 1;; d++) {
			cut->stage[s] = (struct dlx__mstage){ d, 0, 0, 0 };
			cut->deepest = d;
			mcut_reset(cut);
			m.updates = 0;
			dlx_stats st;
			rc = msearch_run(&m, &pp, &st, NULL);
			walks->nodes += st.nodes;
			walks->updates += st.updates;
			if (rc || st.stop != DLX_STOP_COMPLETE) {
				if (!rc)
					walks->stop = st.stop;
				goto out;
			}
			uint64_t cost = st.nodes > PLAN_BUDGET / per_node ? PLAN_BUDGET : st.nodes * per_node;
			spent += cost + (st.updates < PLAN_BUDGET ? st.updates : PLAN_BUDGET);
			/* No node at depth d: deeper stages would find the same leaves. */
			if (cut->stage[s].seen >= want || !cut->deeper || spent >= PLAN_BUDGET)
				break;
		}
		struct dlx__mstage *g = &cut->stage[s];
		g->part = depth ? path[s].part : 1;
		g->parts = depth ? path[s].parts : 1;
		/* The leaves this stage keeps: those numbered part - 1 modulo parts. */
		cut->leaves = g->seen >= g->part ? (g->seen - g->part) / g->parts + 1 : 0;
	}
out:
	mcut_reset(cut);
	ms_free(&m);
	return rc;
}

int dlx__search_m_cut(const dlx_problem *p, const dlx_search_params *params, struct dlx__mcut *cut, dlx_stats *stats)
{
	*stats = (dlx_stats){ 0, 0, 0, 0, DLX_STOP_COMPLETE, 0, 0.0 };
	mcut_reset(cut);
	struct msearch m;
	int rc = ms_init(&m, p, false);
	if (!rc) {
		dlx_search_params pp = *params;
		pp.node_limit = 0;
		m.cut = cut;
		rc = msearch_run(&m, &pp, stats, NULL);
	} else {
		stats->stop = DLX_STOP_ERROR;
	}
	ms_free(&m);
	return rc;
}

/*
 * Knuth's estimate of a bounded problem's tree (dlx_estimate_tree()): a
 * probe goes down from the root taking one of each node's branches
 * uniformly, as the search would take it (a node's branches are its
 * score, every one of them entered: see choose() and advance), and is
 * undone at its end.
 */
struct dlx__mprober {
	struct msearch m;
	int32_t *item, *cur;    /* per level of the probe: its item and its branch (item: closed) */
	size_t *tweaks;         /* per level: the tweak stack's height before it */
	size_t cap;
};

static uint64_t mprobe_below(uint64_t *state, uint64_t n)
{
	uint64_t limit = UINT64_MAX - UINT64_MAX % n;
	for (;;) {
		uint64_t r = dlx__splitmix64(state);
		if (r < limit)
			return r % n;
	}
}

int dlx__mprober_new(const dlx_problem *p, struct dlx__mprober **out)
{
	*out = NULL;
	if (p->n_forced)
		return DLX_ERR_STATE;
	struct dlx__mprober *pr = calloc(1, sizeof *pr);
	if (!pr)
		return DLX_ERR_NOMEM;
	int rc = ms_init(&pr->m, p, false);
	/* A probe takes at most an option or an item's closing per level. */
	pr->cap = p->n_options + p->n_primary + 1;
	pr->item = malloc(pr->cap * sizeof *pr->item);
	pr->cur = malloc(pr->cap * sizeof *pr->cur);
	pr->tweaks = malloc(pr->cap * sizeof *pr->tweaks);
	if (!rc && (!pr->item || !pr->cur || !pr->tweaks))
		rc = DLX_ERR_NOMEM;
	if (rc) {
		dlx__mprober_free(pr);
		return rc;
	}
	*out = pr;
	return DLX_OK;
}

void dlx__mprober_free(struct dlx__mprober *pr)
{
	if (!pr)
		return;
	ms_free(&pr->m);
	free(pr->item);
	free(pr->cur);
	free(pr->tweaks);
	free(pr);
}

int dlx__mprobe(struct dlx__mprober *pr, uint64_t *rng, double *nodes, double *solutions, uint64_t *entered,
		uint64_t *updates)
{
	struct msearch *m = &pr->m;
	double weight = 1, x = 0, s = 0;
	size_t level = 0;
	m->updates = 0;
	for (;;) {
		x += weight;
		++*entered;
		int32_t score;
		uint64_t lower;
		int32_t i = choose(m, &score, &lower, false, UINT64_MAX);
		if (!i) {
			s = weight;
			break;
		}
		if (score <= 0)
			break;
		weight *= (double)score;
		int32_t k = (int32_t)mprobe_below(rng, (uint64_t)score), c;
		pr->item[level] = i;
		pr->tweaks[level] = m->n_tweak;
		if (--m->bound[i] == 0) {
			/* Branch k: the k-th option of i's list, or past them the closing one (a slack left). */
			cover(m, i);
			c = m->down[i];
			while (k-- > 0 && c != i)
				c = m->down[c];
		} else {
			/* The options before branch k were tried and tweaked away, as the search leaves them. */
			while (k-- > 0)
				tweak(m, m->down[i]);
			c = m->down[i];
			if (c != i)
				tweak(m, c);
			else
				deactivate(m, i);
		}
		pr->cur[level++] = c;
		if (c != i)
			commit_rest(m, c);
	}
	while (level > 0) {
		level--;
		int32_t i = pr->item[level], c = pr->cur[level];
		if (c != i)
			uncommit_rest(m, c);
		if (m->bound[i] == 0) {
			uncover(m, i);
		} else {
			if (c == i)
				reactivate(m, i);
			untweak_to(m, pr->tweaks[level]);
		}
		m->bound[i]++;
	}
	*nodes = x;
	*solutions = s;
	*updates += m->updates;
	return DLX_OK;
}
