/*
 * The diagram of all solutions of a problem whose items have bounds
 * (dlx_zdd_build() and dlx_zdd_from_nodes() of a bounded problem): the
 * frontier search of dlx-frontier.h, whose levels are the diagram's.
 *
 * The build walks the levels top down as the bounded count does, each
 * level's distinct states found by key, but keeps for every state the
 * numbers of its two children in the next level (leaving the option out,
 * taking it; none where the branch fails): about 8 bytes a state, the
 * keys of two levels at a time.  Then it makes the nodes bottom up: the
 * last level's state is the terminal top; a state whose taken branch has
 * no solution is its other child's node (the zero-suppression rule);
 * others are a node (the level's option, lo, hi), equal nodes of a level
 * made once.  So every node's option comes before its children's in the
 * search's order, the rule the check below demands.
 *
 * A diagram read from nodes is checked without the exact-cover rules of
 * dlx-zdd.c (chains on an item): along every lo and hi link the option
 * goes strictly later in the search's order (frontier_order()), so each
 * way through is a set of options met once, and no two ways the same
 * set; each primary item's count, its least and its most over the ways
 * below a node, lies within its bounds at the root; no secondary item is
 * taken twice on a way without the same color.
 */
#include "dlx.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dlx-frontier.h"
#include "dlx-internal.h"

#define BOT 0u
#define TOP 1u
#define MAX_NODES ((size_t)UINT32_MAX - 3)
/* A branch with no solution, among a state's children. */
#define DEAD UINT32_MAX

/* A node of one level being made bottom up, found by its children (a level's option is one). */
struct zb_unique {
	uint64_t *pair;         /* (lo << 32 | hi) + 1, 0 empty */
	uint32_t *id;
	size_t slots;
};

/* Grows an array of `size`-byte entries to hold `need`, doubling; false when memory is short. */
static bool grow(void **a, size_t *cap, size_t need, size_t size)
{
	if (need <= *cap)
		return true;
	size_t cap2 = *cap ? *cap : 1024;
	while (cap2 < need)
		cap2 *= 2;
	void *b = realloc(*a, cap2 * size);
	if (!b)
		return false;
	*a = b;
	*cap = cap2;
	return true;
}

int dlx__zdd_bounds(dlx_problem *p, const dlx_search_params *params, size_t budget, uint32_t **opt_out,
		    uint32_t **lo_out, uint32_t **hi_out, size_t *n_out, uint32_t *root_out, dlx_stats *st)
{
	struct frontier_plan pl;
	*opt_out = *lo_out = *hi_out = NULL;
	*n_out = 0;
	*root_out = BOT;
	st->stop = DLX_STOP_COMPLETE;
	if (dlx_option_count(p) > UINT32_MAX)
		return DLX_ERR_TOO_BIG;
	int rc = frontier_plan_init(&pl, p);
	if (rc)
		return rc;
	struct frontier_state s;
	struct frontier_level cur, next;
	memset(&cur, 0, sizeof cur);
	memset(&next, 0, sizeof next);
	uint32_t *child = NULL;         /* two per state, all levels */
	size_t child_cap = 0, n_states = 0;
	size_t *start = calloc(pl.m + 2, sizeof *start); /* each level's first state */
	uint32_t *id_cur = NULL, *id_next = NULL;
	uint32_t *opt = NULL, *lo = NULL, *hi = NULL;
	size_t node_cap = 0, n = 0;
	struct zb_unique u = { NULL, NULL, 0 };
	rc = frontier_state_init(&s, &pl);
	if (!rc && (!start || !frontier_level_reserve(&cur, pl.kw, 1)))
		rc = DLX_ERR_NOMEM;
	if (rc || pl.zero)
		goto out;       /* pl.zero: no solution, the root is BOT */
	{
		bool again;
		frontier_level_add(&cur, frontier_key(&pl, &s, 0), s.key, &again);
	}
	const uint32_t poll_every = params->poll_interval ? params->poll_interval : 4096;
	uint32_t poll_left = poll_every;
	uint64_t nodes = 0, updates = 0;
	size_t widest = 1;
	/* Top down: each level's states and their children. */
	size_t k = 0;
	for (; k < pl.m && cur.n > 0; k++) {
		size_t need = n_states + cur.n;
		size_t bytes = need * 2 * sizeof *child + frontier_level_bytes(pl.kw, cur.cap) +
			       frontier_level_bytes(pl.kw, 2 * cur.n);
		if (bytes > budget || need > MAX_NODES) {
			rc = DLX_ERR_NOMEM;
			goto out;
		}
		if (!grow((void **)&child, &child_cap, 2 * need, sizeof *child) ||
		    !frontier_level_reserve(&next, pl.kw, 2 * cur.n)) {
			rc = DLX_ERR_NOMEM;
			goto out;
		}
		for (size_t j = 0; j < cur.n; j++) {
			if (nodes == UINT64_MAX || updates > UINT64_MAX - pl.n_items) {
				rc = DLX_ERR_OVERFLOW;
				goto out;
			}
			if (params->node_limit && nodes >= params->node_limit) {
				st->stop = DLX_STOP_NODE_LIMIT;
				goto out;
			}
			nodes++;
			if (params->on_poll && --poll_left == 0) {
				poll_left = poll_every;
				dlx_stats now = { 0, nodes, updates, nodes, DLX_STOP_COMPLETE, (uint32_t)k,
						  ((double)k + (double)j / (double)cur.n) / (double)pl.m };
				if (params->on_poll(params->poll_ctx, &now)) {
					st->stop = DLX_STOP_POLL;
					goto out;
				}
			}
			uint32_t *c = child + 2 * (n_states + j);
			bool again;
			c[0] = c[1] = DEAD;
			frontier_load(&pl, &s, k, cur.keys + j * cur.kw);
			/* next has room for every child (2 x cur.n): no growth, no failure. */
			if (frontier_closes_ok(&pl, &s, k))
				c[0] = (uint32_t)frontier_level_add(&next, frontier_key(&pl, &s, k + 1), s.key, &again);
			if (frontier_fits(&pl, &s, k)) {
				if (!frontier_take(&pl, &s, k, &updates)) {
					rc = DLX_ERR_NOMEM;
					goto out;
				}
				if (frontier_closes_ok(&pl, &s, k))
					c[1] = (uint32_t)frontier_level_add(&next, frontier_key(&pl, &s, k + 1), s.key,
									    &again);
				frontier_undo(&s, 0);
			}
			frontier_unload(&pl, &s, k);
		}
		start[k] = n_states;
		n_states += cur.n;
		struct frontier_level was = cur;
		cur = next;
		next = was;
		widest = cur.n > widest ? cur.n : widest;
	}
	st->nodes = nodes;
	st->updates = updates;
	st->branches = nodes;
	st->max_level = k > UINT32_MAX ? UINT32_MAX : (uint32_t)k;
	if (k < pl.m || cur.n == 0)
		goto out;       /* no state reached the last level: no solution, the root is BOT */
	frontier_level_free(&cur);
	frontier_level_free(&next);
	/* Bottom up: the last level's one state is TOP; each level's nodes from the next's. */
	id_cur = malloc(widest * sizeof *id_cur);
	id_next = malloc(widest * sizeof *id_next);
	if (!id_cur || !id_next) {
		rc = DLX_ERR_NOMEM;
		goto out;
	}
	id_next[0] = TOP;
	for (size_t l = pl.m; l-- > 0;) {
		size_t count = (l + 1 < pl.m ? start[l + 1] : n_states) - start[l];
		size_t slots = 4;
		while (slots < 2 * count)
			slots *= 2;
		if (slots > u.slots) {
			free(u.pair);
			free(u.id);
			u.pair = malloc(slots * sizeof *u.pair);
			u.id = malloc(slots * sizeof *u.id);
			if (!u.pair || !u.id) {
				rc = DLX_ERR_NOMEM;
				goto out;
			}
		}
		u.slots = slots;
		memset(u.pair, 0, slots * sizeof *u.pair);
		for (size_t j = 0; j < count; j++) {
			const uint32_t *c = child + 2 * (start[l] + j);
			uint32_t a = c[0] == DEAD ? BOT : id_next[c[0]], b = c[1] == DEAD ? BOT : id_next[c[1]];
			if (b == BOT) {
				id_cur[j] = a;
				continue;
			}
			uint64_t key = ((uint64_t)a << 32 | b) + 1, h = key * 0x9e3779b97f4a7c15u;
			size_t at = (size_t)(h >> 32) & (slots - 1);
			while (u.pair[at] && u.pair[at] != key)
				at = (at + 1) & (slots - 1);
			if (u.pair[at]) {
				id_cur[j] = u.id[at];
				continue;
			}
			size_t need = n + 3;
			if (need > MAX_NODES || (n_states * 2 * sizeof *child + need * 3 * sizeof(uint32_t)) > budget) {
				rc = DLX_ERR_NOMEM;
				goto out;
			}
			size_t c1 = node_cap, c2 = node_cap, c3 = node_cap;
			if (!grow((void **)&opt, &c1, need, sizeof *opt) || !grow((void **)&lo, &c2, need, sizeof *lo) ||
			    !grow((void **)&hi, &c3, need, sizeof *hi)) {
				rc = DLX_ERR_NOMEM;
				goto out;
			}
			node_cap = c1 < c2 ? (c1 < c3 ? c1 : c3) : (c2 < c3 ? c2 : c3);
			uint32_t id = (uint32_t)(n + 2);
			opt[id] = (uint32_t)pl.opt[l];
			lo[id] = a;
			hi[id] = b;
			n++;
			u.pair[at] = key;
			u.id[at] = id;
			id_cur[j] = id;
		}
		uint32_t *t = id_cur;
		id_cur = id_next;
		id_next = t;
	}
	*root_out = id_next[0];
out:
	if (rc || st->stop != DLX_STOP_COMPLETE) {
		free(opt);
		free(lo);
		free(hi);
		opt = lo = hi = NULL;
		n = 0;
		*root_out = BOT;
		if (rc)
			st->stop = DLX_STOP_ERROR;
	} else if (!opt) {
		/* No node: the arrays still hold the two terminals. */
		opt = malloc(2 * sizeof *opt);
		lo = malloc(2 * sizeof *lo);
		hi = malloc(2 * sizeof *hi);
		if (!opt || !lo || !hi) {
			free(opt);
			free(lo);
			free(hi);
			opt = lo = hi = NULL;
			rc = DLX_ERR_NOMEM;
			st->stop = DLX_STOP_ERROR;
			*root_out = BOT;
		}
	}
	*opt_out = opt;
	*lo_out = lo;
	*hi_out = hi;
	*n_out = n;
	free(u.pair);
	free(u.id);
	free(id_cur);
	free(id_next);
	free(child);
	free(start);
	frontier_level_free(&cur);
	frontier_level_free(&next);
	frontier_state_free(&s);
	frontier_plan_free(&pl);
	return rc;
}

/* --- the check of a diagram read from nodes ---------------------------------- */

#define SEC_ANY UINT32_MAX

int dlx__zdd_bounds_check(const dlx_problem *p, size_t n, const uint32_t *opt, const uint32_t *lo,
			  const uint32_t *hi, uint32_t root, size_t *bad)
{
	const size_t n_options = dlx_option_count(p), np = dlx_primary_count(p), ns = dlx_secondary_count(p);
	const size_t total = n + 2, none = SIZE_MAX;
	size_t *order = malloc((n_options ? n_options : 1) * sizeof *order);
	size_t *rank = malloc((n_options ? n_options : 1) * sizeof *rank);
	int rc = DLX_ERR_NOMEM;
	uint32_t *mn = NULL, *mx = NULL, *sec = NULL;
	if (!order || !rank)
		goto out;
	size_t m;
	if (frontier_order(p, order, &m))
		goto out;
	for (size_t o = 0; o < n_options; o++)
		rank[o] = none;
	for (size_t k = 0; k < m; k++)
		rank[order[k]] = k;
	rc = DLX_ERR_SYNTAX;
	/* The order: each link to a later option in the search's order. */
	for (size_t k = 2; k < total; k++) {
		size_t r = rank[opt[k]];
		if (r == none || (lo[k] > TOP && rank[opt[lo[k]]] <= r) || (hi[k] > TOP && rank[opt[hi[k]]] <= r)) {
			*bad = k - 2;
			goto out;
		}
	}
	/* Secondary items: what the ways below each node give them (0 nothing, a color all agree on, SEC_ANY). */
	if (ns) {
		if (total > SIZE_MAX / sizeof *sec / ns) {
			rc = DLX_ERR_NOMEM;
			goto out;
		}
		sec = calloc(total * ns, sizeof *sec);
		if (!sec) {
			rc = DLX_ERR_NOMEM;
			goto out;
		}
		for (size_t k = 2; k < total; k++) {
			uint32_t *here = sec + k * ns;
			const uint32_t *shi = sec + (size_t)hi[k] * ns, *slo = sec + (size_t)lo[k] * ns;
			for (size_t j = 0; j < ns; j++) {
				uint32_t a = shi[j], b = slo[j];
				here[j] = !a ? b : !b ? a : a == b ? a : SEC_ANY;
			}
			size_t sz = dlx_option_size(p, opt[k]);
			for (size_t t = 0; t < sz; t++) {
				size_t i = dlx_option_item(p, opt[k], t);
				if (i < np)
					continue;
				uint32_t col = dlx_option_color(p, opt[k], t), under = shi[i - np];
				if (under && (!col || under != col)) {
					*bad = k - 2;
					goto out;
				}
				uint32_t mine = col ? col : SEC_ANY;
				here[i - np] = !here[i - np] ? mine : here[i - np] == mine ? mine : SEC_ANY;
			}
		}
	}
	/*
	 * Primary items: the least and the most times the ways below each node
	 * cover them, a block of items at a time (about 64 MB of counts), then
	 * checked at the root against the bounds.
	 */
	if (root > TOP || (root == TOP && np)) {
		size_t w = np ? np : 1, cap = ((size_t)8 << 20) / total;
		w = w < cap ? w : cap ? cap : 1;
		mn = malloc(total * w * sizeof *mn);
		mx = malloc(total * w * sizeof *mx);
		if (!mn || !mx) {
			rc = DLX_ERR_NOMEM;
			goto out;
		}
		for (size_t first = 0; first < np; first += w) {
			size_t width = np - first < w ? np - first : w;
			memset(mn + TOP * w, 0, w * sizeof *mn);
			memset(mx + TOP * w, 0, w * sizeof *mx);
			for (size_t k = 2; k < total; k++) {
				uint32_t *a = mn + k * w, *b = mx + k * w;
				memcpy(a, mn + (size_t)hi[k] * w, width * sizeof *a);
				memcpy(b, mx + (size_t)hi[k] * w, width * sizeof *b);
				size_t sz = dlx_option_size(p, opt[k]);
				for (size_t t = 0; t < sz; t++) {
					size_t i = dlx_option_item(p, opt[k], t);
					if (i >= first && i < first + width) {
						a[i - first]++;
						b[i - first]++;
					}
				}
				if (lo[k] != BOT) {
					const uint32_t *c = mn + (size_t)lo[k] * w, *d = mx + (size_t)lo[k] * w;
					for (size_t j = 0; j < width; j++) {
						a[j] = c[j] < a[j] ? c[j] : a[j];
						b[j] = d[j] > b[j] ? d[j] : b[j];
					}
				}
			}
			for (size_t j = 0; j < width; j++) {
				uint32_t l, h;
				dlx_item_bounds(p, first + j, &l, &h);
				if (mn[(size_t)root * w + j] < l || mx[(size_t)root * w + j] > h) {
					*bad = n;
					goto out;
				}
			}
		}
	}
	rc = DLX_OK;
out:
	free(order);
	free(rank);
	free(mn);
	free(mx);
	free(sec);
	return rc;
}
