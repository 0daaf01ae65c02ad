/*
 * The memoized count of a problem whose items have bounds (dlx_memo_count()
 * of a bounded problem): a frontier-based search over the options, taken
 * in the order of their lowest-numbered item (Minato's frontier method
 * for ZDDs; Knuth's TAOCP 7.1.4), not Algorithm M.
 *
 * Algorithm M branches on an item and, to meet each set of options once,
 * takes an item's options in turn, each tried one hidden from the
 * branches after it: the count below a node then depends on which options
 * are hidden, not on the items' state alone, so its sub-problems seldom
 * recur.  Here each option in turn is left out or taken (when it fits:
 * each primary item below its upper bound, each secondary item free or of
 * the option's color), so each set of options is met once, and the count
 * below level k depends only on the state of the items still open there:
 * those that some option before k and some option from k on contain (the
 * frontier).  An item the options from k on do not contain is closed at
 * k: a primary one must have reached its lower bound (else the branch
 * counts 0); an item no option before k contains is untouched.  So the
 * table's key is k and the open items' states: a count per primary item,
 * and per secondary item free, covered, or its color.  On boards whose
 * cells are items in reading order the frontier is about a row wide; in
 * the worst case it holds every item, and the search is then exponential
 * in the options, but the count is exact all the same.
 *
 * Options without a primary item are left out, as Algorithm M never takes
 * them.  The problem's links are not touched.
 */
#include "dlx.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "dlx-memo.h"
#include "dlx-mult.h"
#include "dlx-problem.h"

/* A secondary item covered by an option that gives it no color. */
#define SEC_PLAIN UINT32_MAX

/* A level of the search: which branch is under way, and where its changes begin on the trail. */
struct fb_level {
	uint8_t branch;         /* 1: leaving the option out; 2: taking it */
	size_t trail_at;
};

/* A state change, to undo: the item and its state before. */
struct fb_change {
	uint32_t item, was;
};

struct fb {
	size_t n_items, np;
	size_t m;               /* the options searched (with a primary item) */
	size_t *opt;            /* their numbers, in the search's order */
	size_t *open_start;     /* m + 2 entries: the items open at level k (sorted), open_item[open_start[k]..] */
	uint32_t *open_item;
	size_t *close_start;    /* m + 1 entries: the items closed once option k is decided */
	uint32_t *close_item;
	uint32_t *lo, *hi;      /* the primary items' bounds */
	uint32_t *val;          /* each item's state */
	struct fb_change *trail;
	size_t n_trail, cap_trail;
	struct fb_level *lv;
	struct memo_sum *sum;
	uint64_t *key;
	size_t kw;
	struct memo_table table;
};

/* An option's place in the search: its lowest-numbered item, then its number. */
struct fb_order {
	size_t low, opt;
};

static int fb_order_cmp(const void *a, const void *b)
{
	const struct fb_order *x = a, *y = b;
	if (x->low != y->low)
		return x->low < y->low ? -1 : 1;
	return x->opt < y->opt ? -1 : x->opt > y->opt;
}

static void fb_free(struct fb *f)
{
	if (f->sum)
		for (size_t k = 0; k <= f->m; k++)
			memo_sum_clear(&f->sum[k]);
	memo_table_free(&f->table);
	free(f->opt);
	free(f->open_start);
	free(f->open_item);
	free(f->close_start);
	free(f->close_item);
	free(f->lo);
	free(f->hi);
	free(f->val);
	free(f->trail);
	free(f->lv);
	free(f->sum);
	free(f->key);
}

/*
 * The options with a primary item, each item's first and last of them, the
 * open items of each level and those each option closes.  DLX_OK,
 * DLX_ERR_NOMEM, or DLX_ERR_TOO_BIG when the frontiers together would
 * take more than 2^31 entries.  *zero: a primary item with a lower bound
 * above 0 is in no option (the count is 0).
 */
static int fb_init(struct fb *f, const dlx_problem *p, size_t memory, bool *zero)
{
	memset(f, 0, sizeof *f);
	*zero = false;
	f->np = p->n_primary;
	f->n_items = p->n_primary + p->n_secondary;
	const size_t n = f->n_items;
	size_t *first = malloc((n ? n : 1) * sizeof *first), *last = malloc((n ? n : 1) * sizeof *last);
	f->opt = malloc((p->n_options ? p->n_options : 1) * sizeof *f->opt);
	f->lo = malloc((f->np ? f->np : 1) * sizeof *f->lo);
	f->hi = malloc((f->np ? f->np : 1) * sizeof *f->hi);
	f->val = calloc(n ? n : 1, sizeof *f->val);
	int rc = DLX_ERR_NOMEM;
	if (!first || !last || !f->opt || !f->lo || !f->hi || !f->val)
		goto out;
	for (size_t i = 0; i < f->np; i++)
		dlx_item_bounds(p, i, &f->lo[i], &f->hi[i]);
	for (size_t o = 0; o < p->n_options; o++) {
		size_t sz = dlx_option_size(p, o);
		for (size_t j = 0; j < sz; j++)
			if (dlx_option_item(p, o, j) < f->np) {
				f->opt[f->m++] = o;
				break;
			}
	}
	/*
	 * By their lowest-numbered item, then in input order: on a board whose
	 * cells are items in reading order, each cell's options come together
	 * and the frontier is about a row wide, whatever order the options
	 * were listed in (a generator may list each kind of piece apart).
	 */
	if (f->m > 1) {
		struct fb_order *ord = malloc(f->m * sizeof *ord);
		if (!ord)
			goto out;
		for (size_t k = 0; k < f->m; k++) {
			size_t o = f->opt[k], sz = dlx_option_size(p, o), low = SIZE_MAX;
			for (size_t j = 0; j < sz; j++) {
				size_t i = dlx_option_item(p, o, j);
				low = i < low ? i : low;
			}
			ord[k] = (struct fb_order){ low, o };
		}
		qsort(ord, f->m, sizeof *ord, fb_order_cmp);
		for (size_t k = 0; k < f->m; k++)
			f->opt[k] = ord[k].opt;
		free(ord);
	}
	const size_t none = SIZE_MAX;
	for (size_t i = 0; i < n; i++)
		first[i] = last[i] = none;
	for (size_t k = 0; k < f->m; k++) {
		size_t o = f->opt[k], sz = dlx_option_size(p, o);
		for (size_t j = 0; j < sz; j++) {
			size_t i = dlx_option_item(p, o, j);
			if (first[i] == none)
				first[i] = k;
			last[i] = k;
		}
	}
	for (size_t i = 0; i < f->np; i++)
		if (first[i] == none && f->lo[i] > 0)
			*zero = true;
	/* Item i is open at the levels first+1 .. last: a count of the entries, then the entries. */
	uint64_t total = 0;
	f->open_start = calloc(f->m + 2, sizeof *f->open_start);
	f->close_start = calloc(f->m + 2, sizeof *f->close_start);
	if (!f->open_start || !f->close_start)
		goto out;
	for (size_t i = 0; i < n; i++) {
		if (first[i] == none)
			continue;
		total += last[i] - first[i];
		for (size_t k = first[i] + 1; k <= last[i]; k++)
			f->open_start[k + 1]++;
		f->close_start[last[i] + 1]++;
	}
	if (total > ((uint64_t)1 << 31)) {
		rc = DLX_ERR_TOO_BIG;
		goto out;
	}
	size_t widest = 0;
	for (size_t k = 0; k <= f->m; k++) {
		if (f->open_start[k + 1] > widest)
			widest = f->open_start[k + 1];
		f->open_start[k + 1] += f->open_start[k];
		f->close_start[k + 1] += f->close_start[k];
	}
	f->open_item = malloc((total ? total : 1) * sizeof *f->open_item);
	f->close_item = malloc((n ? n : 1) * sizeof *f->close_item);
	size_t *fill = malloc((f->m + 2) * sizeof *fill);
	if (!f->open_item || !f->close_item || !fill) {
		free(fill);
		goto out;
	}
	/* Items in increasing order, so each level's list is sorted: the key's layout is the level's. */
	memcpy(fill, f->open_start, (f->m + 2) * sizeof *fill);
	for (size_t i = 0; i < n; i++)
		if (first[i] != none)
			for (size_t k = first[i] + 1; k <= last[i]; k++)
				f->open_item[fill[k]++] = (uint32_t)i;
	memcpy(fill, f->close_start, (f->m + 2) * sizeof *fill);
	for (size_t i = 0; i < n; i++)
		if (first[i] != none)
			f->close_item[fill[last[i]]++] = (uint32_t)i;
	free(fill);
	/* The key: the level, then a 32-bit state per open item. */
	f->kw = 1 + (widest + 1) / 2;
	f->key = calloc(f->kw, sizeof *f->key);
	f->lv = malloc((f->m + 1) * sizeof *f->lv);
	f->sum = malloc((f->m + 1) * sizeof *f->sum);
	f->cap_trail = 64;
	f->trail = malloc(f->cap_trail * sizeof *f->trail);
	if (!f->key || !f->lv || !f->sum || !f->trail)
		goto out;
	for (size_t k = 0; k <= f->m; k++)
		memo_sum_init(&f->sum[k]);
	rc = memo_table_init(&f->table, f->kw, memory ? memory : DLX_MEMO_DEFAULT_MEMORY);
out:
	free(first);
	free(last);
	return rc;
}

/* The key of level k's state in f->key, and its hash. */
static uint64_t fb_key(struct fb *f, size_t k)
{
	uint64_t *key = f->key;
	memset(key, 0, f->kw * sizeof *key);
	key[0] = k;
	size_t a = f->open_start[k], b = f->open_start[k + 1];
	for (size_t j = 0; a + j < b; j++)
		key[1 + j / 2] |= (uint64_t)f->val[f->open_item[a + j]] << (32 * (j % 2));
	uint64_t h = 0x9e3779b97f4a7c15u;
	for (size_t w = 0; w < f->kw; w++) {
		h ^= key[w];
		h *= 0xbf58476d1ce4e5b9u;
		h ^= h >> 31;
	}
	return h;
}

/* Whether every primary item that option k closes has reached its lower bound. */
static bool fb_closes_ok(const struct fb *f, size_t k)
{
	for (size_t j = f->close_start[k]; j < f->close_start[k + 1]; j++) {
		uint32_t i = f->close_item[j];
		if (i < f->np && f->val[i] < f->lo[i])
			return false;
	}
	return true;
}

/* Whether option k fits: each primary item below its upper bound, each secondary item free or of its color. */
static bool fb_fits(const struct fb *f, const dlx_problem *p, size_t k)
{
	size_t o = f->opt[k], sz = dlx_option_size(p, o);
	for (size_t j = 0; j < sz; j++) {
		size_t i = dlx_option_item(p, o, j);
		uint32_t c = dlx_option_color(p, o, j), v = f->val[i];
		if (i < f->np ? v >= f->hi[i] : v != 0 && (c == 0 || v != c))
			return false;
	}
	return true;
}

/* Takes option k, which fits (fb_fits()): its changes on the trail.  false when memory is short. */
static bool fb_take(struct fb *f, const dlx_problem *p, size_t k, uint64_t *updates)
{
	size_t o = f->opt[k], sz = dlx_option_size(p, o);
	if (f->n_trail + sz > f->cap_trail) {
		size_t cap = 2 * (f->n_trail + sz);
		struct fb_change *t = realloc(f->trail, cap * sizeof *t);
		if (!t)
			return false;
		f->trail = t;
		f->cap_trail = cap;
	}
	for (size_t j = 0; j < sz; j++) {
		size_t i = dlx_option_item(p, o, j);
		uint32_t c = dlx_option_color(p, o, j), v = f->val[i];
		uint32_t now = i < f->np ? v + 1 : c ? c : SEC_PLAIN;
		if (now == v)
			continue;
		f->trail[f->n_trail++] = (struct fb_change){ (uint32_t)i, v };
		f->val[i] = now;
		++*updates;
	}
	return true;
}

static void fb_undo(struct fb *f, size_t to)
{
	while (f->n_trail > to) {
		const struct fb_change *c = &f->trail[--f->n_trail];
		f->val[c->item] = c->was;
	}
}

int dlx__memo_bounds(dlx_problem *p, const dlx_search_params *params, const dlx_memo_params *memo,
		     struct memo_sum *total, dlx_stats *st, dlx_memo_stats *ms)
{
	struct fb f;
	bool zero;
	int rc = fb_init(&f, p, memo->memory, &zero);
	st->stop = DLX_STOP_COMPLETE;
	if (rc || zero) {
		fb_free(&f);
		st->stop = rc ? DLX_STOP_ERROR : DLX_STOP_COMPLETE;
		st->progress = rc ? 0 : 1;
		return rc;
	}
	const uint64_t sol_limit = params->solution_limit, node_limit = params->node_limit;
	const uint32_t poll_every = params->poll_interval ? params->poll_interval : 65536;
	uint32_t poll_left = poll_every;
	uint64_t nodes = 0, updates = 0, branches = 0;
	uint32_t max_level = 0;
	struct memo_sum found;
	memo_sum_init(&found);
	struct memo_val v;
	size_t k = 0;

enter:	/* Level k: a solution (every option decided), a state counted before, or a branching. */
	if (nodes == UINT64_MAX || updates > UINT64_MAX - f.n_items) {
		rc = DLX_ERR_OVERFLOW;
		st->stop = DLX_STOP_ERROR;
		goto stop;
	}
	if (node_limit && nodes >= node_limit) {
		st->stop = DLX_STOP_NODE_LIMIT;
		goto stop;
	}
	nodes++;
	if (k > max_level)
		max_level = k > UINT32_MAX ? UINT32_MAX : (uint32_t)k;
	if (params->on_poll && --poll_left == 0) {
		poll_left = poll_every;
		dlx_stats now = { memo_sum_u64(&found), nodes, updates, branches, DLX_STOP_COMPLETE, max_level, 0.0 };
		/* Knuth's estimate, each level two ways: the share of the levels' taken branches. */
		double share = 1, done = 0;
		for (size_t l = 0; l < k && share > 1e-300; l++, share /= 2)
			done += f.lv[l].branch == 2 ? share / 2 : 0;
		now.progress = done;
		if (params->on_poll(params->poll_ctx, &now)) {
			st->stop = DLX_STOP_POLL;
			goto stop;
		}
	}
	if (k == f.m) {
		v.lo = 1;
		v.big = NULL;
		goto counted;
	}
	{
		uint64_t h = fb_key(&f, k);
		if (f.table.cap && memo_table_get(&f.table, h, f.key, &v))
			goto counted;
	}
	branches++;
	memo_sum_zero(&f.sum[k]);
	f.lv[k].trail_at = f.n_trail;
	/* Leave option k out. */
	f.lv[k].branch = 1;
	if (fb_closes_ok(&f, k)) {
		k++;
		goto enter;
	}
take:	/* Take option k, when it fits. */
	f.lv[k].branch = 2;
	if (fb_fits(&f, p, k)) {
		if (!fb_take(&f, p, k, &updates)) {
			rc = DLX_ERR_NOMEM;
			st->stop = DLX_STOP_ERROR;
			goto stop;
		}
		if (fb_closes_ok(&f, k)) {
			k++;
			goto enter;
		}
		fb_undo(&f, f.lv[k].trail_at);
	}
done:	/* Both ways counted: store the state's count. */
	v = memo_sum_val(&f.sum[k]);
	if (f.table.cap)
		memo_table_put(&f.table, fb_key(&f, k), f.key, &v);
	goto ret;

counted: /* v solutions met at once: a solution, or a hit. */
	memo_sum_add(&found, &v);
	if (sol_limit && memo_sum_at_least(&found, sol_limit)) {
		st->stop = DLX_STOP_LIMIT;
		goto stop;
	}
ret:	/* Level k's count is v: add it to its parent's and go on there. */
	if (k == 0)
		goto end;
	k--;
	memo_sum_add(&f.sum[k], &v);
	if (f.lv[k].branch == 1)
		goto take;
	fb_undo(&f, f.lv[k].trail_at);
	goto done;

stop:	/* Stopped: the state is f's alone, nothing of p to undo. */
	{
		double share = 1, done_share = 0;
		for (size_t l = 0; l < k && share > 1e-300; l++, share /= 2)
			done_share += f.lv[l].branch == 2 ? share / 2 : 0;
		st->progress = done_share;
	}
	goto out;
end:
	st->progress = 1.0;
out:
	st->nodes = nodes;
	st->updates = updates;
	st->branches = branches;
	st->max_level = max_level;
	st->solutions = memo_sum_u64(&found);
	v = memo_sum_val(&found);
	memo_sum_add(total, &v);
	if (ms)
		*ms = f.table.st;
	memo_sum_clear(&found);
	fb_free(&f);
	return rc;
}
