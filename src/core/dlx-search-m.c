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
 * order, and is added to every solution's cost at the root.  Every item's
 * list is sorted by net cost.  Then, with the K-th cheapest cost found so
 * far, an option whose net cost exceeds what is left of it below a node
 * (its budget) is "unusable" there and everywhere below, since costs only
 * add up and the K-th only goes down: the branching rule counts only the
 * usable options of an item, the first ones of its list (an item with
 * fewer than it needs ends the node), an item's branches stop at its first
 * unusable option, and covering an item hides only its usable options
 * (DLX5's covers with a threshold, see cover_b()): the others stay in the
 * lists, past every usable one, where nothing looks.  And a bound of what
 * the rest costs, from the first (cheapest) option of each active item's
 * list, see choose_b(): the items of a class never share an option (the
 * classes are set up once, see best_init()), so each class's items need
 * as many different options; and each option's net cost covers a share of
 * it for each of its primary items.  A node whose cost so far plus the
 * bound exceeds the K-th cost is cut.  Equal costs are never cut, so that
 * every solution that ties with the K-th is found and counted.
 */
#include "dlx.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "dlx-heap.h"
#include "dlx-internal.h"
#include "dlx-mult.h"
#include "dlx-problem.h"

#define ALWAYS_INLINE inline __attribute__((always_inline))

/*
 * When a search starts keeping the heap of urgent items (see choose()):
 * once its scans of the active items average M_LONG_SCAN items a node or
 * more over a window of M_SCAN_WINDOW items read.  Keeping it costs about
 * what a scan of 200 items does (a tiling of a 70x70 board with 100
 * trominoes, whose deep nodes scan some 300 items: 23% more instructions
 * with the heap from the start), and a chain of forced moves scans all
 * the items left (quadratic: 10.6 s for 10^5 items).
 */
#define M_LONG_SCAN 1024
#define M_SCAN_WINDOW ((uint64_t)1 << 20)
/*
 * And when it stops: at a node with fewer than M_SHORT_SCAN active items
 * (the tiling above, keeping the heap past its first nodes: 39% more
 * instructions).  Each start rebuilds the heap, O(primary items), after a
 * window of long scans, so going back and forth costs no more than those.
 */
#define M_SHORT_SCAN 256
/*
 * Or once the heap has cost more than the scans it saved (heap_work, each
 * push and pop counted as M_HEAP_STEP items scanned for each level of the
 * heap, against heap_saved, the open items at each node), by M_HEAP_SLACK:
 * a 3 x 698 strip of long pieces (2,500 updates a node, most of them
 * pushes) took 16.8 s with the heap for 2.8 s without, and counted as 8
 * items whatever the heap's depth, a 1 x 5,059 strip kept a heap that cost
 * it 35% more instructions.  Rebuilding the heap as it starts is left out
 * (the chains' heaps start with every item: counted, it stopped them at
 * once); the window of scans before each start is made at least that long
 * instead (a push of each primary item: M_HEAP_STEP x its levels), so
 * starting again and again costs no more than the scans between.
 */
#define M_HEAP_STEP 4
#define M_HEAP_SLACK ((uint64_t)1 << 16)

/* The items choose() reads, in test builds (tests/test-scans.c), handed to the problem by dlx__search_m(). */
#ifdef DLX_COUNT_SCANS
#define M_COUNT_SCAN(m) ((m)->scans++)
#else
#define M_COUNT_SCAN(m) ((void)0)
#endif

/*
 * A cheapest-solutions item's place in choose_b1()'s order while it has
 * one usable option at most (u: 0 or 1, its usable options; mc, its first
 * option's net cost, dearest first; then the lower item), and the key of
 * the others: their second option's net cost (see choose_bu()).
 */
struct bkey1 {
	uint64_t mc;
	int32_t u, k;
};

struct bkey2 {
	uint64_t c2;
	int32_t k;
};

/*
 * With bounds (see choose_bn()): an item whose need-th usable option is
 * its last goes by its slack, then its first option's net cost (dearest
 * first), its need (largest first), the lower item: choose_b()'s order.
 */
struct bkeyn {
	uint64_t mc;
	int32_t s, need, k;
};

/* Classes of primary items for the bound (best only): at most MAX_CLS; NO_CLASS, none (a slot of its own). */
#define MAX_CLS 16
#define NO_CLASS MAX_CLS

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

/*
 * An urgent item's place in choose()'s order: t, its branches (1, or 0
 * for any that cannot get what it needs, all alike: the node ends), then
 * the smaller slack, the longer list, the lower item.
 */
struct ukey {
	int32_t t, s, len, k;
};

struct msearch {
	dlx_problem *p;
	int32_t n, np;                 /* items, primary items */
	int32_t *top, *up, *down, *color;
	int32_t *len, *bound, *slack;  /* len: n + 1; bound, slack: np + 1 */
	int32_t *prev, *next;          /* the active primary items, 0 the head */
	/*
	 * The urgent items, those with one branch at most (see choose()), kept
	 * only while `urgent` (scans grown long; with costs, h1 and h2 below
	 * instead, or h0, hn and h2 with bounds): thr, per
	 * item, the len at or below which a primary item is urgent (its need,
	 * bound less min(slack, bound)), -1 for secondary items and while not
	 * kept; heap, n_heap (room for cap_heap): a binary heap of the urgent
	 * items' keys as they were when pushed (see check_urgent()).
	 */
	bool urgent;
	bool adaptive;                 /* not keeping it now, but may start (see M_LONG_SCAN) */
	bool may_stop;                 /* keeping it, and may stop (see M_SHORT_SCAN) */
	uint64_t heap_work, heap_saved; /* since it started: its work and the scans it saved (M_HEAP_STEP) */
	int32_t scan_short;            /* M_SHORT_SCAN; tests make it large */
	bool switching;                /* msearch_impl() left for its other copy: at `forward`, as in sw */
	int32_t n_active;              /* primary items in the active list */
	uint64_t scan_sum, scan_nodes; /* the window's items scanned and nodes (adaptive) */
	uint64_t scan_window, scan_long; /* M_SCAN_WINDOW and M_LONG_SCAN; tests make them small */
	int32_t *thr;
	struct ukey *heap;
	size_t n_heap, cap_heap;
	uint64_t scans;                /* items choose() read, counted in test builds (M_COUNT_SCAN) */
	/* The cheapest solutions only (dlx_search_best()), NULL otherwise: */
	uint64_t *ncost;               /* per node: its option's net cost, its cost less its items' taxes */
	int32_t *stop;                 /* per item, while covered: the first node of its list left in the others */
	uint32_t *maxprim;             /* per primary item: the most primary items an option of its has */
	uint8_t *cls;                  /* per primary item: its class, or NO_CLASS (see best_init()) */
	int32_t n_cls;                 /* classes: 0 .. MAX_CLS */
	bool use_share;                /* the bound of shares is not always below a class's */
	bool unit;                     /* every primary item is covered exactly once (no bounds) */
	/*
	 * The urgent items of a unit problem's cheapest solutions, kept while
	 * `urgent` (see choose_bu()): h1, the keys of items with one usable
	 * option at most; h2, of the others, by their second option's net
	 * cost; bsum, bshare: choose_b1()'s sums of the active items' first
	 * options, kept as the lists change; bnow, the budget keys are made at.
	 */
	struct bkey1 *h1;
	struct bkey2 *h2;
	size_t n_h1, n_h2;
	bool h2_live;                  /* h2 kept: a budget is known (see brebuild()) */
	uint64_t bnow, bshare;
	uint64_t bsum[MAX_CLS + 1];
	/*
	 * The same with bounds (see choose_bn()): h0, every active item that
	 * needs an option, by its need-th option's net cost; hn, by struct
	 * bkeyn, those whose (need + 1)-th is above the budget, h2 the others
	 * by that option's net cost; bcon, bcons: each item's part of bsum and
	 * bshare, as last added.
	 */
	struct bkey2 *h0;
	struct bkeyn *hn;
	size_t n_h0, n_hn;
	uint64_t *bcon, *bcons;
	uint64_t base;                 /* the taxes every solution pays */
	int32_t *tweak;                /* the tweaked nodes, in the order tweaked */
	size_t n_tweak;
	struct level *lv;
	size_t cap_lv;
	size_t *sol;
	uint64_t updates;
	struct dlx__mcut *cut;         /* the subtrees to search (threads, parts), or NULL: all */
	struct mpause *pause;          /* a pull search's (dlx_iter_*), or NULL: solutions go to on_solution */
	struct {                       /* msearch_impl()'s locals when it left for its other copy */
		size_t level;
		uint64_t cost;
		uint32_t poll_left;
		dlx_stats st;
	} sw;
	/* A checkpointed search (dlx__search_m_replay()): where it starts, and that polls and stops publish its path. */
	bool ck;
	size_t start_level;
	dlx_stats start;
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
	free(m->thr);
	free(m->heap);
	free(m->h1);
	free(m->h0);
	free(m->hn);
	free(m->bcon);
	free(m->bcons);
	free(m->h2);
	free(m->ncost);
	free(m->stop);
	free(m->maxprim);
	free(m->cls);
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

/* Sorts the nodes a[0..n) by key, stably (tmp: n more): runs of 8 by insertion, then merges. */
static void sort_by_cost(int32_t *a, int32_t *tmp, size_t n, const uint64_t *key)
{
	for (size_t r = 0; r < n; r += 8) {
		size_t e = r + 8 < n ? r + 8 : n;
		for (size_t k = r + 1; k < e; k++) {
			int32_t v = a[k];
			size_t t = k;
			while (t > r && key[a[t - 1]] > key[v]) {
				a[t] = a[t - 1];
				t--;
			}
			a[t] = v;
		}
	}
	int32_t *from = a, *to = tmp;
	for (size_t w = 8; w < n; w *= 2) {
		for (size_t lo = 0; lo < n; lo += 2 * w) {
			size_t mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n;
			size_t i = lo, j = mid, k = lo;
			while (i < mid && j < hi)
				to[k++] = key[from[j]] < key[from[i]] ? from[j++] : from[i++];
			while (i < mid)
				to[k++] = from[i++];
			while (j < hi)
				to[k++] = from[j++];
		}
		int32_t *t = from;
		from = to;
		to = t;
	}
	if (from != a)
		memcpy(a, from, n * sizeof *a);
}

/*
 * What the cheapest solutions need (see the top of the file): each node's
 * net cost, after Knuth's taxes; every item's list sorted by it, stably
 * (a seed's order among equal costs is kept); and for the bound, each
 * primary item's largest count of primary items in an option and its class.
 * The classes: items in item order, each given the first class that no
 * item sharing an option with it has (at most MAX_CLS of them, the rest
 * none), so that no option has two items of one class.
 */
static int best_init(struct msearch *m, const dlx_problem *p)
{
	size_t nn = p->n_nodes, no = p->n_options;
	int32_t n = m->n, np = m->np;
	m->ncost = calloc(nn, sizeof *m->ncost);
	m->stop = malloc(((size_t)n + 1) * sizeof *m->stop);
	m->maxprim = calloc((size_t)np + 1, sizeof *m->maxprim);
	m->cls = malloc((size_t)np + 1);
	int32_t *oid = malloc(nn * sizeof *oid);
	uint32_t *omask = calloc(no ? no : 1, sizeof *omask);
	int32_t *buf = malloc(2 * nn * sizeof *buf);
	int rc = DLX_ERR_NOMEM;
	if (!m->ncost || !m->stop || !m->maxprim || !m->cls || !oid || !omask || !buf)
		goto out;
	const struct dlx_mult *mu = p->mult;
	const int32_t *top = m->top;
	for (size_t o = 0; o < no; o++) {
		uint64_t c = mu && o < mu->n_cost ? mu->cost[o] : 0;
		uint32_t prim = 0;
		int32_t x;
		for (x = p->opt_start[o]; top[x] > 0; x++) {
			m->ncost[x] = c;
			oid[x] = (int32_t)o;
			prim += top[x] <= np;
		}
		for (x = p->opt_start[o]; top[x] > 0; x++)
			if (top[x] <= np && m->maxprim[top[x]] < prim)
				m->maxprim[top[x]] = prim;
	}
	/*
	 * Knuth's DLX5 taxes: an item covered a fixed number of times (lo =
	 * hi) pays, in every solution, lo times its cheapest option's cost;
	 * take that out of its options' costs, in item order, so that net
	 * costs stay nonnegative and each such item has an option of net cost
	 * 0.  Net costs then say how much more than the taxes an option costs.
	 */
	for (int32_t i = 1; i <= np; i++) {
		if (m->slack[i] || m->down[i] == i)
			continue;
		uint64_t minc = UINT64_MAX;
		for (int32_t x = m->down[i]; x != i; x = m->down[x])
			if (m->ncost[x] < minc)
				minc = m->ncost[x];
		if (!minc)
			continue;
		for (int32_t x = m->down[i]; x != i; x = m->down[x])
			for (int32_t q = p->opt_start[oid[x]]; top[q] > 0; q++)
				m->ncost[q] -= minc;
		/* At most 2^30 items times 2^33: no overflow. */
		m->base += minc * (uint64_t)m->bound[i];
	}
	for (int32_t i = 1; i <= n; i++) {
		size_t k = 0;
		bool sorted = true;
		for (int32_t x = m->down[i]; x != i; x = m->down[x]) {
			sorted = sorted && (!k || m->ncost[buf[k - 1]] <= m->ncost[x]);
			buf[k++] = x;
		}
		if (sorted)
			continue;
		sort_by_cost(buf, buf + k, k, m->ncost);
		int32_t prev = i;
		for (size_t t = 0; t < k; t++) {
			m->down[prev] = buf[t];
			m->up[buf[t]] = prev;
			prev = buf[t];
		}
		m->down[prev] = i;
		m->up[i] = prev;
	}
	bool all = true;
	uint32_t least = UINT32_MAX;
	m->n_cls = 0;
	for (int32_t i = 1; i <= np; i++) {
		uint32_t taken = 0;
		for (int32_t x = m->down[i]; x != i; x = m->down[x])
			taken |= omask[oid[x]];
		int32_t c = 0;
		while (c < MAX_CLS && (taken >> c & 1))
			c++;
		if (c == MAX_CLS) {
			m->cls[i] = NO_CLASS;
			all = false;
		} else {
			m->cls[i] = (uint8_t)c;
			if (c >= m->n_cls)
				m->n_cls = c + 1;
			for (int32_t x = m->down[i]; x != i; x = m->down[x])
				omask[oid[x]] |= (uint32_t)1 << c;
		}
		if (m->maxprim[i] < least)
			least = m->maxprim[i];
	}
	/*
	 * The shares are not worth adding up when every item has a class and
	 * an option has at least as many primary items as there are classes:
	 * sum(c / p) <= sum(c) / classes <= the largest class's sum.
	 */
	m->use_share = !all || least < (uint32_t)m->n_cls;
	m->unit = !(mu && mu->lo);
	/* The heads cost more than any budget: a walk down a list stops at its end without another test. */
	for (int32_t i = 0; i <= n; i++)
		m->ncost[i] = UINT64_MAX;
	rc = DLX_OK;
out:
	free(oid);
	free(omask);
	free(buf);
	return rc;
}

/* The slack primary item k can still use: min(slack, bound); it needs bound less that. */
static inline int32_t eff_slack(const struct msearch *m, int32_t k)
{
	return m->slack[k] < m->bound[k] ? m->slack[k] : m->bound[k];
}

/* Item j's thr after its bound changed (not in the cheapest solutions' search: its thr stay -1). */
static inline void note_need(struct msearch *m, int32_t j)
{
	int32_t b = m->bound[j], s = m->slack[j];
	m->thr[j] = b > s ? b - s : 0;
}

/* What a push or a pop on a heap of n keys costs, in items a scan reads (see M_HEAP_STEP). */
static inline uint64_t heap_cost(size_t n)
{
	return M_HEAP_STEP * (uint64_t)(64 - __builtin_clzll((uint64_t)n | 1));
}

static inline uint64_t heap_step(const struct msearch *m)
{
	return heap_cost(m->n_heap);
}

static inline bool ukey_less(const struct ukey *a, const struct ukey *b)
{
	if (a->t != b->t)
		return a->t < b->t;
	if (a->s != b->s)
		return a->s < b->s;
	if (a->len != b->len)
		return a->len > b->len;
	return a->k < b->k;
}

/* Primary item k's key now (k urgent: len <= thr), its branches in *t. */
static inline struct ukey ukey_of(const struct msearch *m, int32_t k, int32_t *t)
{
	int32_t s = eff_slack(m, k);
	int32_t len = m->len[k];
	*t = len + 1 - (m->bound[k] - s);
	return (struct ukey){ *t > 0 ? *t : 0, s, len, k };
}

DLX_HEAP_DEFINE(uheap, struct ukey, ukey_less)

/*
 * Every urgent item's key, afresh: the heap is full of keys gone stale.
 * Active or not (a covered item's key leaves at the top, see choose()).
 */
static __attribute__((noinline)) void heap_rebuild(struct msearch *m)
{
	m->n_heap = 0;
	for (int32_t k = 1; k <= m->np; k++)
		if (m->len[k] <= m->thr[k]) {
			int32_t t;
			m->heap[m->n_heap] = ukey_of(m, k, &t);
			uheap_up(m->heap, m->n_heap++);
		}
}

/*
 * Item j's len went down, its bound changed, or it came back to the active
 * list: its key, if urgent, goes on the heap.  The heap then holds, for
 * every active urgent item, a key no later in the order than its key now:
 * a longer list (unhide(), untweak_to()) goes without a push, since it
 * only makes the key later (choose() pushes it when it meets the old one).
 * Full, it is rebuilt (at most np keys in 2 np + 16 places: amortised O(1)).
 */
static inline void check_urgent(struct msearch *m, int32_t j)
{
	if (m->len[j] <= m->thr[j]) {
		if (m->n_heap == m->cap_heap)
			heap_rebuild(m);
		int32_t t;
		m->heap[m->n_heap] = ukey_of(m, j, &t);
		m->heap_work += heap_step(m);
		uheap_up(m->heap, m->n_heap++);
	}
}

static void bstart(struct msearch *m);

/* From here on the heap of urgent items is kept: every item's thr, and the heap afresh. */
static __attribute__((noinline, cold)) void start_urgent(struct msearch *m)
{
	if (m->ncost) {
		bstart(m);
		return;
	}
	for (int32_t i = 1; i <= m->np; i++)
		note_need(m, i);
	m->urgent = true;
	m->may_stop = m->adaptive;
	m->heap_work = m->heap_saved = 0;
	m->adaptive = false;
	heap_rebuild(m);
}

/* Scans again (adaptive): the heap emptied and every thr -1 (no pushes) until the scans grow long again. */
static __attribute__((noinline, cold)) void stop_urgent(struct msearch *m)
{
	for (int32_t i = 1; i <= m->np; i++)
		m->thr[i] = -1;
	m->n_heap = m->n_h1 = m->n_h2 = m->n_h0 = m->n_hn = 0;
	m->urgent = false;
	m->may_stop = false;
	m->adaptive = true;
	m->scan_sum = m->scan_nodes = 0;
}

/*
 * A node's scan of the active items counted (adaptive searches): true once
 * a window's scans average M_LONG_SCAN items a node, when the search should
 * start keeping the heap.
 */
static inline bool scans_long(struct msearch *m)
{
	m->scan_sum += (uint64_t)m->n_active;
	m->scan_nodes++;
	if (m->scan_sum < m->scan_window)
		return false;
	bool is_long = m->scan_sum >= m->scan_nodes * m->scan_long;
	m->scan_sum = m->scan_nodes = 0;
	return is_long;
}

/* Where an adaptive search at a node should change its way of choosing (see M_LONG_SCAN, M_SHORT_SCAN). */
static inline bool should_switch(struct msearch *m)
{
	/* The cheapest solutions' heaps are credited in choose_bu(), only for the nodes they answer. */
	if (m->urgent)
		return m->may_stop &&
		       (m->n_active < m->scan_short ||
			(m->ncost ? m->heap_saved : (m->heap_saved += (uint64_t)m->n_active)) + M_HEAP_SLACK < m->heap_work);
	return m->adaptive && scans_long(m);
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
	m->thr = malloc(ni * sizeof *m->thr);
	m->cap_heap = 2 * npr + 16;
	m->heap = malloc(m->cap_heap * sizeof *m->heap);
	/* Each option is tweaked once at most on a path, and a solution has each once at most. */
	m->tweak = malloc((nn + 1) * sizeof *m->tweak);
	m->sol = malloc((p->n_options + 1) * sizeof *m->sol);
	if (!m->top || !m->up || !m->down || !m->color || !m->len || !m->bound || !m->slack || !m->prev || !m->next ||
	    !m->tweak || !m->sol || !m->thr || !m->heap)
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
	for (int32_t i = 0; i <= m->n; i++)
		m->thr[i] = -1;
	m->n_active = m->np;
	if (best) {
		int rc = best_init(m, p);
		if (rc)
			return rc;
		/* The heaps come with their first start (bstart()). */
		m->bnow = UINT64_MAX - 1;
	}
	/* Fewer items than a long scan reads: the scans never grow long. */
	m->adaptive = (p->track_mode < 0 && m->np >= M_LONG_SCAN) || p->track_mode == 2;
	uint64_t rebuild = (uint64_t)m->np * heap_cost(m->np);
	m->scan_window = rebuild > M_SCAN_WINDOW ? rebuild : M_SCAN_WINDOW;
	m->scan_long = M_LONG_SCAN;
	m->scan_short = M_SHORT_SCAN;
	/* Tests: to the heap after a few nodes, and back at the next. */
	if (p->track_mode == 2)
		m->scan_window = 1 + (uint64_t)m->np * 3, m->scan_long = 0, m->scan_short = m->np + 1;
	if (p->track_mode == 1)
		start_urgent(m);
	return DLX_OK;
}

/*
 * The links' operations come in two copies each, from one generic body:
 * with `urg`, they keep the heap of urgent items (see choose()) as lens go
 * down, bounds change and items come back (see check_urgent()); without,
 * they are the plain ones.  A test in every hide() cost 17-25% on small
 * bounded tilings even with nothing ever urgent, so only searches whose
 * scans grew long keep the heap (see M_LONG_SCAN), in copies of their own.
 */

/*
 * What a link operation keeps besides the links: nothing, Algorithm M's
 * heap (check_urgent()), or the cheapest solutions' heaps and sums, of
 * unit problems (bpush()) or with bounds (bn_push()).
 */
enum { KEEP_LINKS, KEEP_M_HEAP, KEEP_BEST_HEAPS, KEEP_BEST_BOUNDS };

static bool active(const struct msearch *m, int32_t i);
static void bn_hidden(struct msearch *m, int32_t k, int32_t u);
static void bn_sum(struct msearch *m, int32_t k);
static void bn_back(struct msearch *m, int32_t k, int32_t d);
static void bpush(struct msearch *m, int32_t k);
static void bsum_change(struct msearch *m, int32_t k, uint64_t a, uint64_t b);
static uint64_t first_cost(const struct msearch *m, int32_t k, int32_t f);

/*
 * Takes option pp out of every list but the one pp is in (Knuth's hide,
 * skipping purified nodes).  Keeping the cheapest solutions' heaps: an
 * active primary item whose first or second option leaves.  Only active
 * items' lists change then (an option left in a covered item's list was
 * too dear when it was covered, and so stays unusable below), but the test
 * costs little and the sums rely on it.
 */
static ALWAYS_INLINE void hide_g(struct msearch *m, int32_t pp, const int keep)
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
			if (keep == KEEP_M_HEAP)
				check_urgent(m, x);
			if (keep == KEEP_BEST_HEAPS && x <= m->np && (u == x || m->up[u] == x) && active(m, x)) {
				if (u == x)
					bsum_change(m, x, m->ncost[q], first_cost(m, x, d));
				bpush(m, x);
			}
			if (keep == KEEP_BEST_BOUNDS && x <= m->np && active(m, x))
				bn_hidden(m, x, u);
		}
		q++;
	}
}

static void hide(struct msearch *m, int32_t pp)
{
	hide_g(m, pp, KEEP_LINKS);
}

static void hide_u(struct msearch *m, int32_t pp)
{
	hide_g(m, pp, KEEP_M_HEAP);
}

static void hide_bu(struct msearch *m, int32_t pp)
{
	hide_g(m, pp, KEEP_BEST_HEAPS);
}

/* hide()'s undoing; with the cheapest solutions' heaps, the sums follow an item's first option coming back. */
static ALWAYS_INLINE void unhide_g(struct msearch *m, int32_t pp, const int keep)
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
			if (keep == KEEP_BEST_HEAPS && u == x && x <= m->np && active(m, x))
				bsum_change(m, x, first_cost(m, x, d), m->ncost[q]);
			if (keep == KEEP_BEST_BOUNDS && u == x && x <= m->np && active(m, x))
				bn_back(m, x, d);
		}
		q--;
	}
}

static ALWAYS_INLINE void unhide(struct msearch *m, int32_t pp)
{
	unhide_g(m, pp, KEEP_LINKS);
}

static void unhide_bu(struct msearch *m, int32_t pp)
{
	unhide_g(m, pp, KEEP_BEST_HEAPS);
}

static void hide_bn(struct msearch *m, int32_t pp)
{
	hide_g(m, pp, KEEP_BEST_BOUNDS);
}

static void unhide_bn(struct msearch *m, int32_t pp)
{
	unhide_g(m, pp, KEEP_BEST_BOUNDS);
}

static void deactivate(struct msearch *m, int32_t i)
{
	int32_t a = m->prev[i], b = m->next[i];
	m->next[a] = b;
	m->prev[b] = a;
	m->n_active--;
}

/*
 * Whether primary item i is in the active list: its links are undone in
 * the reverse order of the removals, so a removed item's predecessor never
 * points back to it (Knuth's dancing links), while an active one's does.
 */
static inline bool active(const struct msearch *m, int32_t i)
{
	return m->next[m->prev[i]] == i;
}

static ALWAYS_INLINE void reactivate_g(struct msearch *m, int32_t i, const bool urg)
{
	m->next[m->prev[i]] = i;
	m->prev[m->next[i]] = i;
	m->n_active++;
	if (urg)
		check_urgent(m, i);
}

static void reactivate(struct msearch *m, int32_t i)
{
	reactivate_g(m, i, false);
}

/* The bound of the item a level branches on, taken and given back (its need goes with it). */
static ALWAYS_INLINE void branch_bound(struct msearch *m, int32_t i, const bool urg)
{
	m->bound[i]--;
	if (urg) {
		note_need(m, i);
		check_urgent(m, i);
	}
}

static ALWAYS_INLINE void backup_bound(struct msearch *m, int32_t i, const bool urg)
{
	m->bound[i]++;
	if (urg) {
		note_need(m, i);
		check_urgent(m, i);
	}
}

/* Blocks every option of item i (a primary item leaves the active list too). */
static ALWAYS_INLINE void cover_g(struct msearch *m, int32_t i, const bool urg)
{
	if (i <= m->np)
		deactivate(m, i);
	m->updates++;
	for (int32_t x = m->down[i]; x != i; x = m->down[x]) {
		if (urg)
			hide_u(m, x);
		else
			hide(m, x);
	}
}

static void cover(struct msearch *m, int32_t i)
{
	cover_g(m, i, false);
}

static void cover_u(struct msearch *m, int32_t i)
{
	cover_g(m, i, true);
}

static ALWAYS_INLINE void uncover_g(struct msearch *m, int32_t i, const bool urg)
{
	for (int32_t x = m->up[i]; x != i; x = m->up[x])
		unhide(m, x);
	if (i <= m->np)
		reactivate_g(m, i, urg);
}

static ALWAYS_INLINE void uncover(struct msearch *m, int32_t i)
{
	uncover_g(m, i, false);
}

static void uncover_u(struct msearch *m, int32_t i)
{
	uncover_g(m, i, true);
}

/* Algorithm C's purification: secondary item of node q keeps only the options of q's color. */
static ALWAYS_INLINE void purify_g(struct msearch *m, int32_t q, const bool urg)
{
	int32_t i = m->top[q], c = m->color[q];
	m->color[i] = c;
	m->updates++;
	for (int32_t x = m->down[i]; x != i; x = m->down[x]) {
		if (m->color[x] == c)
			m->color[x] = -1;
		else if (urg)
			hide_u(m, x);
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
static ALWAYS_INLINE void commit_rest_g(struct msearch *m, int32_t x, const bool urg)
{
	for (int32_t q = x + 1; q != x;) {
		int32_t j = m->top[q];
		if (j <= 0) {
			q = m->up[q];
			continue;
		}
		if (j <= m->np) {
			if (--m->bound[j] == 0) {
				if (urg)
					cover_u(m, j);
				else
					cover(m, j);
			}
			if (urg) {
				note_need(m, j);
				check_urgent(m, j);
			}
		} else if (m->color[q] == 0) {
			if (urg)
				cover_u(m, j);
			else
				cover(m, j);
		} else if (m->color[q] > 0) {
			purify_g(m, q, urg);
		}
		q++;
	}
}

static void commit_rest(struct msearch *m, int32_t x)
{
	commit_rest_g(m, x, false);
}

static void commit_rest_u(struct msearch *m, int32_t x)
{
	commit_rest_g(m, x, true);
}

static ALWAYS_INLINE void uncommit_rest_g(struct msearch *m, int32_t x, const bool urg)
{
	for (int32_t q = x - 1; q != x;) {
		int32_t j = m->top[q];
		if (j <= 0) {
			q = m->down[q];
			continue;
		}
		if (j <= m->np) {
			if (m->bound[j]++ == 0)
				uncover_g(m, j, urg);
			if (urg) {
				note_need(m, j);
				check_urgent(m, j);
			}
		} else if (m->color[q] == 0) {
			uncover_g(m, j, urg);
		} else if (m->color[q] > 0) {
			unpurify(m, q);
		}
		q--;
	}
}

static void uncommit_rest(struct msearch *m, int32_t x)
{
	uncommit_rest_g(m, x, false);
}

static void uncommit_rest_u(struct msearch *m, int32_t x)
{
	uncommit_rest_g(m, x, true);
}

/*
 * The cheapest solutions' urgent items (unit problems, while `urgent`; see
 * choose_bu()).  An item's key at budget B reads its first two options
 * only: u, its usable options as far as 1 (0 when its list is empty or
 * its first option is above B), mc, its first option's net cost, c2, its
 * second's (the head's UINT64_MAX when it has none).  It has one usable
 * option at most, and goes on h1, when c2 > B; otherwise on h2, by c2.
 */
static inline bool bkey1_less(const struct bkey1 *a, const struct bkey1 *b)
{
	if (a->u != b->u)
		return a->u < b->u;
	if (a->mc != b->mc)
		return a->mc > b->mc;
	return a->k < b->k;
}

DLX_HEAP_DEFINE(h1, struct bkey1, bkey1_less)

/* h2's order: the dearer second option first. */
static inline bool bkey2_before(const struct bkey2 *a, const struct bkey2 *b)
{
	return a->c2 > b->c2;
}

DLX_HEAP_DEFINE(h2, struct bkey2, bkey2_before)

/* Item k's key now, at budget m->bnow, on the heap it belongs to (there is room). */
static void bpush_now(struct msearch *m, int32_t k)
{
	int32_t f = m->down[k];
	uint64_t mc = m->ncost[f], c2 = f != k ? m->ncost[m->down[f]] : UINT64_MAX;
	if (c2 > m->bnow) {
		m->h1[m->n_h1] = (struct bkey1){ mc, mc > m->bnow ? 0 : 1, k };
		h1_up(m->h1, m->n_h1++);
	} else if (m->h2_live) {
		m->h2[m->n_h2] = (struct bkey2){ c2, k };
		h2_up(m->h2, m->n_h2++);
	}
}

/*
 * Every active item's key afresh: the heaps are full of keys gone stale (at
 * most np keys in 2 np + 16 places).  Not counted in heap_work, as in
 * heap_rebuild().
 */
static __attribute__((noinline)) void brebuild(struct msearch *m)
{
	m->n_h1 = m->n_h2 = 0;
	/*
	 * While no K-th cost is known the budget cannot drop, so h2 is not
	 * needed (filled, nothing ever pops it: it filled up and was rebuilt
	 * every 2 np pushes); choose_bu() rebuilds once a budget comes.
	 */
	m->h2_live = m->bnow != UINT64_MAX - 1;
	for (int32_t k = m->next[0]; k != 0; k = m->next[k])
		bpush_now(m, k);
}

/*
 * Item k's first two options changed, or it came back to the active list:
 * its key as it is now.  Each heap then holds, for every active item, a
 * key no later than its key now, or h2 one of a second option no cheaper
 * than its now: an item's key only gets earlier when its first or second
 * option leaves (pushed here) or the budget goes down (choose_bu() moves
 * h2's keys above it); options coming back only make it later.
 */
static inline void bpush(struct msearch *m, int32_t k)
{
	if (m->n_h1 == m->cap_heap || m->n_h2 == m->cap_heap) {
		/* A push of each active item, counted (see M_HEAP_STEP). */
		m->heap_work += heap_cost(m->n_active) *
				(uint64_t)m->n_active;
		brebuild(m);
		return;
	}
	m->heap_work += heap_cost(m->n_h1 + m->n_h2);
	bpush_now(m, k);
}

/* Item k's first option's net cost in the sums, 0 for an empty list (its item ends the node anyway). */
static inline uint64_t first_cost(const struct msearch *m, int32_t k, int32_t f)
{
	return f != k ? m->ncost[f] : 0;
}

/* Item k's first option's net cost went from a to b: the sums follow (modulo 2^64; each stays below 2^63). */
static inline void bsum_change(struct msearch *m, int32_t k, uint64_t a, uint64_t b)
{
	m->bsum[m->cls[k]] += b - a;
	if (m->maxprim[k])
		m->bshare += b / m->maxprim[k] - a / m->maxprim[k];
}

/*
 * The heaps with bounds (problems with bounds other than 1:1, while
 * `urgent`; see choose_bn()).  Item k's key at budget B reads its first
 * need + 1 options: need, what it must still have (bound less min(slack,
 * bound)); cn, its need-th option's net cost (0 when it needs none,
 * UINT64_MAX when its list is shorter); cn1, the next one's (UINT64_MAX
 * past the end); mc, its first's (0 for an empty list).  choose_b() counts
 * its usable options as far as it needs: fewer than need (cn > B) ends the
 * node, exactly need (cn1 > B) is one branch, more is two or more.
 */
struct bnkey {
	uint64_t mc, cn, cn1;
	int32_t s, need;
};

static inline struct bnkey bn_key(struct msearch *m, int32_t k)
{
	struct bnkey g;
	g.s = eff_slack(m, k);
	g.need = m->bound[k] - g.s;
	int32_t x = m->down[k], j = 0;
	g.mc = x != k ? m->ncost[x] : 0;
	g.cn = 0;
	for (; j < g.need && x != k; j++) {
		g.cn = m->ncost[x];
		x = m->down[x];
	}
	if (j < g.need)
		g.cn = UINT64_MAX;
	/* The head's net cost is UINT64_MAX. */
	g.cn1 = m->ncost[x];
	m->heap_work += (uint64_t)j + 1;
	return g;
}

static inline bool bkeyn_less(const struct bkeyn *a, const struct bkeyn *b)
{
	if (a->s != b->s)
		return a->s < b->s;
	if (a->mc != b->mc)
		return a->mc > b->mc;
	if (a->need != b->need)
		return a->need > b->need;
	return a->k < b->k;
}

DLX_HEAP_DEFINE(hn, struct bkeyn, bkeyn_less)

/* Item k's part of the bound's sums (0 when not active), as choose_b() adds it, in place of the last. */
static void bn_sum(struct msearch *m, int32_t k)
{
	uint64_t c = 0, sh = 0;
	int32_t f = m->down[k];
	if (f != k && active(m, k)) {
		int32_t s = eff_slack(m, k);
		uint64_t need = (uint64_t)(m->bound[k] - s);
		/* Modulo 2^64: once no item has fewer usable options than it needs, the sums are below 2^31 x 2^33. */
		c = m->ncost[f] * need;
		if (m->use_share)
			sh = m->ncost[f] / m->maxprim[k] * need;
	}
	m->bsum[m->cls[k]] += c - m->bcon[k];
	m->bcon[k] = c;
	m->bshare += sh - m->bcons[k];
	m->bcons[k] = sh;
}

/* k's key on h0, if it needs an option. */
static inline void bn_push_h0(struct msearch *m, int32_t k, const struct bnkey *g)
{
	if (g->need > 0) {
		m->h0[m->n_h0] = (struct bkey2){ g->cn, k };
		h2_up(m->h0, m->n_h0++);
	}
}

/* k's key on hn when its (need + 1)-th option is above the budget the keys are made at, on h2 otherwise. */
static inline void bn_push_h12(struct msearch *m, int32_t k, const struct bnkey *g)
{
	if (g->cn1 > m->bnow) {
		m->hn[m->n_hn] = (struct bkeyn){ g->mc, g->s, g->need, k };
		hn_up(m->hn, m->n_hn++);
	} else if (m->h2_live) {
		m->h2[m->n_h2] = (struct bkey2){ g->cn1, k };
		h2_up(m->h2, m->n_h2++);
	}
}

/* Every active item's keys afresh (as brebuild(); h2 only once a budget is known). */
static __attribute__((noinline)) void bn_rebuild(struct msearch *m)
{
	/* Not counted here, as in brebuild() (bn_rebuild_counted()). */
	uint64_t work = m->heap_work;
	m->n_h0 = m->n_hn = m->n_h2 = 0;
	m->h2_live = m->bnow != UINT64_MAX - 1;
	for (int32_t k = m->next[0]; k != 0; k = m->next[k]) {
		struct bnkey g = bn_key(m, k);
		bn_push_h0(m, k, &g);
		bn_push_h12(m, k, &g);
	}
	m->heap_work = work;
}

static inline bool bn_full(const struct msearch *m)
{
	return m->n_h0 == m->cap_heap || m->n_hn == m->cap_heap || m->n_h2 == m->cap_heap;
}

/* A rebuild instead of a push (heaps full of stale keys), counted as bpush() counts it. */
static void bn_rebuild_counted(struct msearch *m)
{
	m->heap_work += heap_cost(m->n_active) *
			(uint64_t)m->n_active;
	bn_rebuild(m);
}

/*
 * Active item k's need, slack, first, need-th or (need + 1)-th option
 * changed, or it came back: its keys as they are now.  Then h0 holds, for
 * every active item that needs an option, a key no cheaper than its cn
 * now, and hn a key no later than its key now or h2 one no cheaper than
 * its cn1 now: they only get cheaper or later otherwise (an option coming
 * back), and choose_bn() moves h2's keys above a lower budget.
 */
static void bn_push(struct msearch *m, int32_t k)
{
	if (bn_full(m)) {
		bn_rebuild_counted(m);
		return;
	}
	m->heap_work += 2 * heap_cost(m->n_hn + m->n_h2);
	struct bnkey g = bn_key(m, k);
	bn_push_h0(m, k, &g);
	bn_push_h12(m, k, &g);
}

/* k's key on hn or h2 again, after choose_bn() popped one (a rebuild when full). */
static void bn_repush_h12(struct msearch *m, int32_t k)
{
	if (bn_full(m)) {
		bn_rebuild_counted(m);
		return;
	}
	m->heap_work += heap_cost(m->n_hn + m->n_h2);
	struct bnkey g = bn_key(m, k);
	bn_push_h12(m, k, &g);
}

/*
 * The node q left active item k's list, u above it: k's keys and its part
 * of the sums, if q was among its first need + 1 options (a walk of need
 * nodes at most, counted).
 */
static void bn_hidden(struct msearch *m, int32_t k, int32_t u)
{
	int32_t s = eff_slack(m, k);
	int32_t need = m->bound[k] - s, pos = 1, y = u;
	while (y != k && pos <= need) {
		y = m->up[y];
		pos++;
	}
	m->heap_work += (uint64_t)pos;
	if (y != k)
		return;
	if (pos == 1)
		bn_sum(m, k);
	bn_push(m, k);
}

/*
 * A first option came back to active item k's list, d below it: its part
 * of the sums; its keys only if the list was empty (the first option's net
 * cost counts as 0 then, see choose_b(), so a key with a dearer one is an
 * earlier key); otherwise they only got later.
 */
static void bn_back(struct msearch *m, int32_t k, int32_t d)
{
	bn_sum(m, k);
	if (d == k)
		bn_push(m, k);
}

/* From here on the heaps with bounds are kept: the sums and the heaps afresh. */
static void bn_start(struct msearch *m)
{
	memset(m->bsum, 0, sizeof m->bsum);
	m->bshare = 0;
	memset(m->bcon, 0, ((size_t)m->np + 1) * sizeof *m->bcon);
	memset(m->bcons, 0, ((size_t)m->np + 1) * sizeof *m->bcons);
	for (int32_t k = m->next[0]; k != 0; k = m->next[k])
		bn_sum(m, k);
	bn_rebuild(m);
}

/*
 * The cheapest solutions' heaps, allocated at their first start rather than
 * with the search (up to 128 bytes per primary item, for nothing when the
 * scans never grow long).  False when memory is short: the search then
 * goes on scanning, as it would have.
 */
static bool balloc(struct msearch *m)
{
	if (m->h2)
		return true;
	size_t npr = (size_t)m->np + 1;
	m->h2 = malloc(m->cap_heap * sizeof *m->h2);
	if (m->unit) {
		m->h1 = malloc(m->cap_heap * sizeof *m->h1);
	} else {
		m->h0 = malloc(m->cap_heap * sizeof *m->h0);
		m->hn = malloc(m->cap_heap * sizeof *m->hn);
		m->bcon = malloc(npr * sizeof *m->bcon);
		m->bcons = malloc(npr * sizeof *m->bcons);
	}
	if (m->h2 && (m->unit ? m->h1 != NULL : m->h0 && m->hn && m->bcon && m->bcons))
		return true;
	free(m->h2);
	free(m->h1);
	free(m->h0);
	free(m->hn);
	free(m->bcon);
	free(m->bcons);
	m->h2 = NULL, m->h1 = NULL, m->h0 = NULL, m->hn = NULL, m->bcon = m->bcons = NULL;
	return false;
}

/* From here on the heaps are kept (unit problems, or with bounds): the sums and the keys afresh. */
static void bstart(struct msearch *m)
{
	if (!balloc(m)) {
		/* Scans to the end: urgent stays false, and the search never asks again. */
		m->adaptive = false;
		return;
	}
	m->urgent = true;
	m->may_stop = m->adaptive;
	m->heap_work = m->heap_saved = 0;
	m->adaptive = false;
	if (!m->unit) {
		bn_start(m);
		return;
	}
	memset(m->bsum, 0, sizeof m->bsum);
	m->bshare = 0;
	for (int32_t k = m->next[0]; k != 0; k = m->next[k])
		bsum_change(m, k, 0, first_cost(m, k, m->down[k]));
	brebuild(m);
}

static ALWAYS_INLINE void hide_hk(struct msearch *m, int32_t x, const int keep)
{
	if (keep == KEEP_BEST_HEAPS)
		hide_bu(m, x);
	else if (keep == KEEP_BEST_BOUNDS)
		hide_bn(m, x);
	else
		hide(m, x);
}

static ALWAYS_INLINE void unhide_hk(struct msearch *m, int32_t x, const int keep)
{
	if (keep == KEEP_BEST_HEAPS)
		unhide_bu(m, x);
	else if (keep == KEEP_BEST_BOUNDS)
		unhide_bn(m, x);
	else
		unhide(m, x);
}

static void bn_push(struct msearch *m, int32_t k);

/* Item i's bound or activity changed (with bounds, keeping the heaps): its part of the sums, its keys. */
static ALWAYS_INLINE void bn_changed(struct msearch *m, int32_t i)
{
	bn_sum(m, i);
	if (active(m, i))
		bn_push(m, i);
}

/*
 * The cheapest solutions' links (best only).  An option whose net cost is
 * above `budget` (what the K-th cost leaves to the options below the node)
 * can be chosen nowhere below, since costs only add up and the K-th only
 * goes down; the lists are sorted by net cost, so covering an item hides
 * the options of its list up to the first too dear and leaves the rest
 * where they are (Knuth's DLX5 covers with such a threshold).  The search
 * then looks at no option past the first too dear of any list, so those
 * left behind are never met.  stop[i] remembers where a cover stopped, so
 * that uncovering walks back up from there, in the reverse order.  The
 * item branched on is covered with its node's whole budget, so that every
 * option tried there is hidden like the others (a later K-th only cuts
 * more of them), and committing it never meets it in another list.
 */
static ALWAYS_INLINE void cover_bg(struct msearch *m, int32_t i, uint64_t budget, const int keep)
{
	if (i <= m->np) {
		if (keep == KEEP_BEST_HEAPS)
			bsum_change(m, i, first_cost(m, i, m->down[i]), 0);
		deactivate(m, i);
		if (keep == KEEP_BEST_BOUNDS)
			bn_sum(m, i);
	}
	m->updates++;
	int32_t x = m->down[i];
	for (; m->ncost[x] <= budget; x = m->down[x])
		hide_hk(m, x, keep);
	m->stop[i] = x;
}

static void cover_b(struct msearch *m, int32_t i, uint64_t budget)
{
	cover_bg(m, i, budget, KEEP_LINKS);
}

/* cover_b() keeping the heaps and sums (see choose_bu(), choose_bn()). */
static void cover_bu(struct msearch *m, int32_t i, uint64_t budget)
{
	cover_bg(m, i, budget, KEEP_BEST_HEAPS);
}

static void cover_bn(struct msearch *m, int32_t i, uint64_t budget)
{
	cover_bg(m, i, budget, KEEP_BEST_BOUNDS);
}

static ALWAYS_INLINE void uncover_bg(struct msearch *m, int32_t i, const int keep)
{
	for (int32_t x = m->up[m->stop[i]]; x != i; x = m->up[x])
		unhide_hk(m, x, keep);
	if (i <= m->np) {
		reactivate(m, i);
		if (keep == KEEP_BEST_HEAPS) {
			bsum_change(m, i, 0, first_cost(m, i, m->down[i]));
			bpush(m, i);
		}
		if (keep == KEEP_BEST_BOUNDS)
			bn_changed(m, i);
	}
}

static void uncover_b(struct msearch *m, int32_t i)
{
	uncover_bg(m, i, KEEP_LINKS);
}

static void uncover_bu(struct msearch *m, int32_t i)
{
	uncover_bg(m, i, KEEP_BEST_HEAPS);
}

static void uncover_bn(struct msearch *m, int32_t i)
{
	uncover_bg(m, i, KEEP_BEST_BOUNDS);
}

/* The named copies, not inlined again into every caller (as before the heaps with bounds came). */
static ALWAYS_INLINE void cover_hk(struct msearch *m, int32_t i, uint64_t budget, const int keep)
{
	if (keep == KEEP_BEST_HEAPS)
		cover_bu(m, i, budget);
	else if (keep == KEEP_BEST_BOUNDS)
		cover_bn(m, i, budget);
	else
		cover_b(m, i, budget);
}

static ALWAYS_INLINE void uncover_hk(struct msearch *m, int32_t i, const int keep)
{
	if (keep == KEEP_BEST_HEAPS)
		uncover_bu(m, i);
	else if (keep == KEEP_BEST_BOUNDS)
		uncover_bn(m, i);
	else
		uncover_b(m, i);
}

static ALWAYS_INLINE void purify_bg(struct msearch *m, int32_t q, uint64_t budget, const int keep)
{
	int32_t i = m->top[q], c = m->color[q];
	m->color[i] = c;
	m->updates++;
	int32_t x = m->down[i];
	for (; m->ncost[x] <= budget; x = m->down[x]) {
		if (m->color[x] == c)
			m->color[x] = -1;
		else
			hide_hk(m, x, keep);
	}
	m->stop[i] = x;
}

static ALWAYS_INLINE void unpurify_bg(struct msearch *m, int32_t q, const int keep)
{
	int32_t i = m->top[q], c = m->color[i];
	for (int32_t x = m->up[m->stop[i]]; x != i; x = m->up[x]) {
		if (m->color[x] < 0)
			m->color[x] = c;
		else
			unhide_hk(m, x, keep);
	}
	m->color[i] = 0;
}

/* commit_rest() with thresholds: budget is what is left below the node that chooses x. */
static ALWAYS_INLINE void commit_rest_bg(struct msearch *m, int32_t x, uint64_t budget, const int keep)
{
	for (int32_t q = x + 1; q != x;) {
		int32_t j = m->top[q];
		if (j <= 0) {
			q = m->up[q];
			continue;
		}
		if (j <= m->np) {
			if (--m->bound[j] == 0)
				cover_hk(m, j, budget, keep);
			else if (keep == KEEP_BEST_BOUNDS)
				bn_changed(m, j);
		} else if (m->color[q] == 0) {
			cover_hk(m, j, budget, keep);
		} else if (m->color[q] > 0) {
			purify_bg(m, q, budget, keep);
		}
		q++;
	}
}

static void commit_rest_b(struct msearch *m, int32_t x, uint64_t budget)
{
	commit_rest_bg(m, x, budget, KEEP_LINKS);
}

/* Unit problems only (every primary item's bound goes to 0 here, as choose_bu() needs). */
static void commit_rest_bu(struct msearch *m, int32_t x, uint64_t budget)
{
	commit_rest_bg(m, x, budget, KEEP_BEST_HEAPS);
}

static void commit_rest_bn(struct msearch *m, int32_t x, uint64_t budget)
{
	commit_rest_bg(m, x, budget, KEEP_BEST_BOUNDS);
}

static ALWAYS_INLINE void uncommit_rest_bg(struct msearch *m, int32_t x, const int keep)
{
	for (int32_t q = x - 1; q != x;) {
		int32_t j = m->top[q];
		if (j <= 0) {
			q = m->down[q];
			continue;
		}
		if (j <= m->np) {
			if (m->bound[j]++ == 0)
				uncover_hk(m, j, keep);
			else if (keep == KEEP_BEST_BOUNDS)
				bn_changed(m, j);
		} else if (m->color[q] == 0) {
			uncover_hk(m, j, keep);
		} else if (m->color[q] > 0) {
			unpurify_bg(m, q, keep);
		}
		q--;
	}
}

static void uncommit_rest_b(struct msearch *m, int32_t x)
{
	uncommit_rest_bg(m, x, KEEP_LINKS);
}

static void uncommit_rest_bu(struct msearch *m, int32_t x)
{
	uncommit_rest_bg(m, x, KEEP_BEST_HEAPS);
}

static void uncommit_rest_bn(struct msearch *m, int32_t x)
{
	uncommit_rest_bg(m, x, KEEP_BEST_BOUNDS);
}

/*
 * Takes option x out of its item's list (and every other): it is not chosen
 * again below.  Keeping a heap, the item's key follows (Algorithm M's, or
 * with costs and bounds, its keys and its part of the sums).
 */
static ALWAYS_INLINE int tweak_g(struct msearch *m, int32_t x, const int keep)
{
	if (keep == KEEP_M_HEAP)
		hide_u(m, x);
	else if (keep == KEEP_BEST_BOUNDS)
		hide_bn(m, x);
	else
		hide(m, x);
	int32_t u = m->up[x], d = m->down[x];
	m->down[u] = d;
	m->up[d] = u;
	m->len[m->top[x]]--;
	m->updates++;
	if (keep == KEEP_M_HEAP)
		check_urgent(m, m->top[x]);
	if (keep == KEEP_BEST_BOUNDS)
		bn_changed(m, m->top[x]);
	m->tweak[m->n_tweak++] = x;
	return DLX_OK;
}

static int tweak(struct msearch *m, int32_t x)
{
	return tweak_g(m, x, KEEP_LINKS);
}

static int tweak_u(struct msearch *m, int32_t x)
{
	return tweak_g(m, x, KEEP_M_HEAP);
}

static int tweak_bn(struct msearch *m, int32_t x)
{
	return tweak_g(m, x, KEEP_BEST_BOUNDS);
}

/*
 * The tweaks above `keep` undone.  With costs and bounds the other items'
 * lists keep their keys and sums; the level's item gets its own as its
 * bound comes back, next (see backup).
 */
static ALWAYS_INLINE void untweak_to_g(struct msearch *m, size_t keep, const int heaps)
{
	while (m->n_tweak > keep) {
		int32_t x = m->tweak[--m->n_tweak];
		int32_t u = m->up[x], d = m->down[x];
		m->down[u] = x;
		m->up[d] = x;
		m->len[m->top[x]]++;
		if (heaps == KEEP_BEST_BOUNDS)
			unhide_bn(m, x);
		else
			unhide(m, x);
	}
}

static void untweak_to(struct msearch *m, size_t keep)
{
	untweak_to_g(m, keep, KEEP_LINKS);
}

static void untweak_to_bn(struct msearch *m, size_t keep)
{
	untweak_to_g(m, keep, KEEP_BEST_BOUNDS);
}

/*
 * choose() among the urgent items: an item with at most one branch beats
 * every item with two or more, and the heap has a key for each, so its
 * first key that is still its item's key names the item the scan would
 * (the order is choose()'s, the item last).  A chain of forced moves then
 * reads no other item (the scan of the active list at every node made it
 * quadratic: 5.0 s for 10^5 items, 79 s for 4 x 10^5).  0 when no item is
 * urgent.  Keys of items no longer active or urgent leave; a key gone
 * stale goes back in as it is now.  Not inlined: only searches whose scans
 * grew long keep the heap (see M_LONG_SCAN).
 */
static __attribute__((noinline)) int32_t choose_urgent(struct msearch *m, int32_t *score)
{
	while (m->n_heap) {
		const struct ukey top = m->heap[0];
		int32_t k = top.k;
		M_COUNT_SCAN(m);
		bool urgent = active(m, k) && m->len[k] <= m->thr[k];
		int32_t t = 0;
		struct ukey now = urgent ? ukey_of(m, k, &t) : top;
		if (urgent && memcmp(&now, &top, sizeof now) == 0) {
			*score = t;
			return k;
		}
		m->heap_work += heap_step(m);
		uheap_pop(m->heap, &m->n_heap);
		if (urgent) {
			m->heap[m->n_heap] = now;
			uheap_up(m->heap, m->n_heap++);
		}
	}
	return 0;
}

/*
 * The item to branch on: the fewest branches, len + 1 - (bound - slack)
 * with bound - slack taken as 0 when negative (Knuth's DLX3), ties to the
 * smaller slack, then the longer list.  *score gets its branches (at most
 * 0: it cannot get what it needs).  0 when no primary item is active.
 * An urgent item first (one branch at most), when a heap keeps them.
 * The scan is Knuth's DLX3's: a node reads every active primary item.
 */
static ALWAYS_INLINE int32_t choose(struct msearch *m, int32_t *score)
{
	if (m->n_heap) {
		int32_t u = choose_urgent(m, score);
		if (u)
			return u;
	}
	int32_t bi = 0, bs = INT32_MAX, bslack = 0, blen = 0;
	for (int32_t k = m->next[0]; k != 0; k = m->next[k]) {
		M_COUNT_SCAN(m);
		int32_t s = eff_slack(m, k);
		int32_t need = m->bound[k] - s;
		int32_t len = m->len[k];
		int32_t t = len + 1 - need;
		if (t < bs || (t == bs && (s < bslack || (s == bslack && len > blen))))
			bi = k, bs = t, bslack = s, blen = len;
	}
	*score = bs;
	return bi;
}

/*
 * choose() for the cheapest solutions: len counts only the options of net
 * cost within `budget` (DLX5's usable options: the others would make the
 * solution dearer than the K-th), the first ones of each sorted list, and
 * no further than the count that could still win; ties then go to the
 * item whose cheapest option is dearest (DLX5's: it forces the most).
 * With `full` (K solutions kept), the bound: -1 when what is left
 * certainly costs more than budget.  Each active item i needs need(i) more
 * options, each at least as dear as the first of i's list, mc(i).  Items
 * of a class never share an option, so the options that a class's items
 * take are all different and cost at least the sum of need x mc over the
 * class; and an option's net cost c is at least the sum over its p primary
 * items of floor(c / p), so the sum of need x floor(mc / most primary
 * items of an option of i) over all items bounds it too (the shares).  An
 * item with no usable option ends the node at once.  Equal costs are never
 * cut, so that every solution that ties with the K-th is found and counted.
 */
static int32_t choose_b(struct msearch *m, int32_t *score, uint64_t budget, bool full)
{
	int32_t bi = 0, bs = INT32_MAX, bslack = 0, blen = 0;
	uint64_t bmin = 0, share = 0, csum[MAX_CLS];
	const bool use_share = m->use_share;
	if (full)
		memset(csum, 0, (size_t)m->n_cls * sizeof *csum);
	for (int32_t k = m->next[0]; k != 0; k = m->next[k]) {
		M_COUNT_SCAN(m);
		int32_t s = eff_slack(m, k);
		int32_t need = m->bound[k] - s;
		int32_t x = m->down[k], len = 0;
		uint64_t mc = x != k ? m->ncost[x] : 0;
		if (mc <= budget && x != k) {
			/* Past bs + need options, k has more branches than the best so far. */
			int32_t cap = bs == INT32_MAX ? INT32_MAX : bs + need;
			do {
				len++;
				x = m->down[x];
			} while (len < cap && m->ncost[x] <= budget);
			if (full && need > 0) {
				/* Each sum is checked as it grows: budget + 2^63 does not overflow. */
				uint64_t c = mc * (uint64_t)need;
				if (m->cls[k] != NO_CLASS && (csum[m->cls[k]] += c) > budget)
					return -1;
				if (use_share && (share += mc / m->maxprim[k] * (uint64_t)need) > budget)
					return -1;
			}
		}
		int32_t t = len + 1 - need;
		if (t <= 0) {
			*score = t;
			return k;
		}
		if (t < bs || (t == bs && (s < bslack || (s == bslack && (mc > bmin || (mc == bmin && len > blen))))))
			bi = k, bs = t, bslack = s, blen = len, bmin = mc;
	}
	*score = bs;
	return bi;
}

/*
 * choose_b() when every primary item is covered exactly once (need 1,
 * slack 0): an item's branches are its usable options, and an item with
 * none ends the node.  The same choice, in fewer steps: a list is counted
 * only as far as it could still win (fewer options, or as many and a
 * dearer first one).  The bound's sums are checked once all are made: a
 * net cost is at most 2^33 and there are fewer than 2^30 items, so they
 * cannot overflow.  Items of no class add to a slot of their own, MAX_CLS,
 * which the bound leaves out.
 */
static ALWAYS_INLINE int32_t choose_b1_impl(struct msearch *m, int32_t *score, uint64_t budget, const bool full,
					    const bool use_share)
{
	const int32_t *down = m->down, *next = m->next;
	const uint64_t *ncost = m->ncost;
	const uint8_t *cls = m->cls;
	int32_t bi = 0, bs = INT32_MAX;
	uint64_t bmin = 0, share = 0, csum[MAX_CLS + 1] = { 0 };
	for (int32_t k = next[0]; k != 0; k = next[k]) {
		M_COUNT_SCAN(m);
		int32_t x = down[k];
		uint64_t mc = ncost[x];
		if (mc > budget) {
			/* No usable option (or none at all: the head's cost is above every budget). */
			*score = 0;
			return k;
		}
		if (full) {
			csum[cls[k]] += mc;
			if (use_share)
				share += mc / m->maxprim[k];
		}
		/* k wins with len options when len < bs, or len = bs and its first is dearer. */
		int32_t cap = mc > bmin ? bs : bs - 1, len = 1;
		if (cap < 1)
			continue;
		for (x = down[x]; len <= cap && ncost[x] <= budget; x = down[x])
			len++;
		if (len <= cap)
			bi = k, bs = len, bmin = mc;
	}
	if (full) {
		if (share > budget)
			return -1;
		for (int32_t c = 0; c < m->n_cls; c++)
			if (csum[c] > budget)
				return -1;
	}
	*score = bs;
	return bi;
}

static ALWAYS_INLINE int32_t choose_b1(struct msearch *m, int32_t *score, uint64_t budget, bool full)
{
	if (!full)
		return choose_b1_impl(m, score, budget, false, false);
	if (m->use_share)
		return choose_b1_impl(m, score, budget, true, true);
	return choose_b1_impl(m, score, budget, true, false);
}

/* h2's keys above the budget, popped: their items' keys go back as they are now, on h1 (hn) or h2. */
static void h2_drain(struct msearch *m, uint64_t budget)
{
	while (m->n_h2 && m->h2[0].c2 > budget) {
		int32_t k = m->h2[0].k;
		M_COUNT_SCAN(m);
		m->heap_work += heap_cost(m->n_h2);
		h2_pop(m->h2, &m->n_h2);
		if (active(m, k))
			m->unit ? bpush(m, k) : bn_repush_h12(m, k);
	}
}

/*
 * The heaps answered with item k, of one branch: they are credited with
 * the scan they saved (it stops early only at an item that ends the node,
 * which the heaps look for first), and the bound compares the sums kept as
 * the lists change: -1 when it cuts the node.
 */
static inline int32_t banswer(struct msearch *m, int32_t k, int32_t *score, uint64_t budget, bool full)
{
	m->heap_saved += (uint64_t)m->n_active;
	if (full) {
		if (m->use_share && m->bshare > budget)
			return -1;
		for (int32_t c = 0; c < m->n_cls; c++)
			if (m->bsum[c] > budget)
				return -1;
	}
	*score = 1;
	return k;
}

/*
 * choose_b1() from the heaps (unit problems, while `urgent`): the same
 * item, score and bound.  An item with one usable option at most beats
 * every other, so when one exists the choice is among them: h2's keys
 * whose second option is above the budget move to h1 first (the budget
 * went down, or they went stale), then h1's first key that is still its
 * item's names it (one with no usable option ends the node, whichever; a
 * key with one usable option and the dearest first has no item with none
 * below it, see bpush()), and the bound compares the sums kept as the
 * lists change.  A chain of forced moves then reads a few keys a node
 * where the scan read every active item (quadratic: `dlx --best` on a
 * 1 x n domino strip took 4.6 s at 10^5 cells, 77 s at 4 x 10^5).  No
 * such item: the scan.  Keys of items no longer active leave.
 */
static __attribute__((noinline)) int32_t choose_bu(struct msearch *m, int32_t *score, uint64_t budget, bool full)
{
	m->bnow = budget;
	if (!m->h2_live && budget != UINT64_MAX - 1)
		brebuild(m);
	h2_drain(m, budget);
	while (m->n_h1) {
		const struct bkey1 top = m->h1[0];
		int32_t k = top.k, f = m->down[k];
		M_COUNT_SCAN(m);
		if (active(m, k)) {
			uint64_t mc = m->ncost[f], c2 = f != k ? m->ncost[m->down[f]] : UINT64_MAX;
			int32_t u = mc > budget ? 0 : 1;
			if (c2 > budget && mc == top.mc && u == top.u) {
				if (u == 0) {
					*score = 0;
					return k;
				}
				return banswer(m, k, score, budget, full);
			}
		}
		m->heap_work += heap_cost(m->n_h1);
		h1_pop(m->h1, &m->n_h1);
		if (active(m, k))
			bpush(m, k);
	}
	return choose_b1(m, score, budget, full);
}

/*
 * choose_b() from the heaps with bounds (problems with bounds other than
 * 1:1, while `urgent`): the same item, score and bound.  An item with
 * fewer usable options than it needs ends the node, whichever it is: h0's
 * keys above the budget are checked first.  Otherwise an item with exactly
 * as many (one branch) beats every other: h2's keys above the budget move
 * to hn, then hn's first key that is still its item's names it, by
 * choose_b()'s order, and the bound compares the sums kept as the lists,
 * needs and active items change (see bn_sum()).  No such item: the scan.
 * A chain of forced moves beside an item with a bound then reads a few
 * keys a node where the scan read every active item (`dlx --best` with a
 * `2|z` item and 4 x 10^4 single-option items: 2.5 s).  Keys of items no
 * longer active leave; stale ones go back as they are now.
 */
static __attribute__((noinline)) int32_t choose_bn(struct msearch *m, int32_t *score, uint64_t budget, bool full)
{
	m->bnow = budget;
	if (!m->h2_live && budget != UINT64_MAX - 1)
		bn_rebuild(m);
	while (m->n_h0 && m->h0[0].c2 > budget) {
		const struct bkey2 top = m->h0[0];
		M_COUNT_SCAN(m);
		bool on = active(m, top.k);
		struct bnkey g;
		if (on) {
			g = bn_key(m, top.k);
			if (g.need > 0 && g.cn == top.c2) {
				*score = 0;
				return top.k;
			}
		}
		m->heap_work += heap_cost(m->n_h0);
		h2_pop(m->h0, &m->n_h0);
		/* Back in as it is now, cheaper (popping made room). */
		if (on)
			bn_push_h0(m, top.k, &g);
	}
	h2_drain(m, budget);
	while (m->n_hn) {
		const struct bkeyn top = m->hn[0];
		int32_t k = top.k;
		M_COUNT_SCAN(m);
		bool on = active(m, k);
		if (on) {
			struct bnkey g = bn_key(m, k);
			if (g.cn1 > budget && g.mc == top.mc && g.s == top.s && g.need == top.need) {
				return banswer(m, k, score, budget, full);
			}
		}
		m->heap_work += heap_cost(m->n_hn);
		hn_pop(m->hn, &m->n_hn);
		if (on)
			bn_repush_h12(m, k);
	}
	return choose_b(m, score, budget, full);
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
 * Of solutions that cost the same, the first found are kept: heap holds a
 * key for each kept slot of b->sol, the dearest at the top and, among equal
 * costs, the last found, so that a cheaper solution replaces it in O(log K)
 * (a scan of the K for the dearest at each one took K = 10^5 of a 9 x 9
 * assignment problem 17.8 s).
 */
struct ranked {
	uint64_t cost, seq; /* seq: the order found */
	size_t slot;
};

static inline bool ranked_dearer(const struct ranked *a, const struct ranked *b)
{
	return a->cost != b->cost ? a->cost > b->cost : a->seq > b->seq;
}

DLX_HEAP_DEFINE(kheap, struct ranked, ranked_dearer)

struct keep {
	size_t k;
	dlx_best *b;
	uint64_t kth;        /* the largest kept cost, once K are kept */
	struct ranked *heap; /* b->n keys */
	uint64_t found;
};

/* The options of the solution at `level` into m->sol, in the order chosen; their count. */
static size_t collect(struct msearch *m, size_t level)
{
	size_t n = 0;
	for (size_t l = 0; l < level; l++)
		if (m->lv[l].cur != m->lv[l].item)
			m->sol[n++] = option_of(m, m->lv[l].cur);
	return n;
}

/* Keeps the solution at `level` if it is among the K cheapest so far (its options are listed only then). */
static int keep_solution(struct keep *kp, uint64_t cost, struct msearch *m, size_t level)
{
	dlx_best *b = kp->b;
	size_t slot;
	if (b->n < kp->k) {
		slot = b->n++;
		b->sol[slot].options = NULL;
		b->sol[slot].cost = cost;
		kp->heap[slot] = (struct ranked){ cost, kp->found++, slot };
		kheap_up(kp->heap, slot);
	} else if (cost > kp->kth) {
		return DLX_OK;
	} else if (cost == kp->kth) {
		b->ties++;
		return DLX_OK;
	} else {
		slot = kp->heap[0].slot;
		b->sol[slot].cost = cost;
		kheap_down(kp->heap, b->n, (struct ranked){ cost, kp->found++, slot });
		b->ties = kp->heap[0].cost == kp->kth ? b->ties + 1 : 0;
	}
	size_t n = collect(m, level);
	size_t *o = realloc(b->sol[slot].options, (n ? n : 1) * sizeof *o);
	if (!o) {
		b->sol[slot].n = 0;
		return DLX_ERR_NOMEM;
	}
	if (n)
		memcpy(o, m->sol, n * sizeof *o);
	b->sol[slot].options = o;
	b->sol[slot].n = n;
	if (b->n == kp->k)
		kp->kth = kp->heap[0].cost;
	return DLX_OK;
}

/* The final order: by cost, then as found. */
static int cmp_ranked(const void *a, const void *b)
{
	const struct ranked *x = a, *y = b;
	if (x->cost != y->cost)
		return (x->cost > y->cost) - (x->cost < y->cost);
	return (x->seq > y->seq) - (x->seq < y->seq);
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
/*
 * Leaves the path to the node at level in the problem for
 * dlx_checkpoint_save() (as dlx-search.c's search does): each level's
 * branch, its option's node or its item for the branch that takes no
 * option; p->choice has room for the deepest level (dlx__search_m_replay()).
 */
static void publish(struct msearch *m, size_t level, uint8_t where, const dlx_stats *at)
{
	dlx_problem *p = m->p;
	for (size_t l = 0; l < level; l++)
		p->choice[l] = m->lv[l].cur;
	p->ck_where = where;
	p->ck_level = (uint32_t)level;
	p->ck_at = *at;
	struct dlx__ck_part *pc = p->ck_part;
	const struct dlx__mcut *c = m->cut;
	if (!c || !pc || !pc->mcut)
		return;
	pc->n_stages = (uint32_t)c->n;
	for (size_t s = 0; s < c->n; s++)
		pc->seen[s] = c->stage[s].seen;
	pc->shared_nodes = c->shared_nodes;
	pc->shared_branches = c->shared_branches;
	pc->owned_updates = c->owned_updates + (c->in_owned ? m->updates - c->owned_from : 0);
	pc->owned_nodes = at->nodes - c->shared_nodes;
	pc->owned_branches = at->branches - c->shared_branches;
	pc->in_leaf = c->in_owned;
	if (c->in_owned) {
		pc->leaf_at = *at;
		pc->leaf_at.nodes -= c->leaf_nodes + (where == DLX_CK_ENTERED);
		pc->leaf_at.branches -= c->leaf_branches;
		pc->leaf_at.solutions -= c->leaf_solutions;
		pc->leaf_at.updates = pc->owned_updates - c->leaf_updates;
	}
	/*
	 * A node entered above the cut was met as a leaf (mcut_leaf()): the
	 * resumed search enters it again and meets it again, so the counters
	 * are saved as they were before it, as the node count is.
	 */
	if (where == DLX_CK_ENTERED && level < c->deepest) {
		const bool solution = m->next[0] == 0;
		size_t s = 0;
		while (s < c->n && c->stage[s].depth < level)
			s++;
		bool deeper = false;
		for (; s < c->n; s++) {
			if (c->stage[s].depth != level && !solution) {
				deeper = true;
				break;
			}
			pc->seen[s]--;
		}
		pc->shared_nodes -= deeper;
	}
}

/*
 * Goes down rp's path as the search went down it, without counting: at
 * each level the item the search chooses (it must be the saved one), the
 * branches before the saved one skipped as the search leaves them (an
 * item's tweaked options stay tweaked, a covered item's list is walked),
 * then the saved branch taken.  The search then starts at the node there
 * (m->start_level).  DLX_ERR_INVALID when the path is not one this
 * search takes; m is then to be dropped.
 */
static int mreplay(struct msearch *m, const struct dlx__replay *rp)
{
	size_t depth_max = m->p->n_options + m->p->n_primary + 1;
	for (size_t l = 0; l < rp->depth; l++) {
		if (l >= m->cap_lv && dlx__grow((void **)&m->lv, &m->cap_lv, l + 1, sizeof *m->lv, depth_max))
			return DLX_ERR_NOMEM;
		if (should_switch(m))
			m->urgent ? stop_urgent(m) : start_urgent(m);
		int32_t score, i = choose(m, &score);
		if (i == 0 || score <= 0 || (uint32_t)(i - 1) != rp->item[l])
			return DLX_ERR_INVALID;
		const uint32_t want = rp->option[l];
		struct level *L = &m->lv[l];
		L->item = i;
		L->score = score;
		L->k = 0;
		L->cost = m->base;
		L->tweaks = m->n_tweak;
		int32_t x;
		branch_bound(m, i, m->urgent);
		if (m->bound[i] == 0) {
			L->mode = MODE_COVER;
			m->urgent ? cover_u(m, i) : cover(m, i);
			for (x = m->down[i]; x != i && option_of(m, x) != want; x = m->down[x])
				L->k++;
			/* The branch without an option comes last, and only when i may go without one. */
			if ((x == i) != (want == DLX__CK_NO_OPTION) || (x == i && m->slack[i] == 0))
				return DLX_ERR_INVALID;
			if (x != i)
				m->urgent ? commit_rest_u(m, x) : commit_rest(m, x);
		} else {
			L->mode = MODE_TWEAK;
			for (;;) {
				if (m->len[i] < m->bound[i] + 1 - m->slack[i])
					return DLX_ERR_INVALID;
				x = m->down[i];
				if (x == i) {
					if (want != DLX__CK_NO_OPTION)
						return DLX_ERR_INVALID;
					deactivate(m, i);
					break;
				}
				m->urgent ? tweak_u(m, x) : tweak(m, x);
				if (option_of(m, x) == want) {
					m->urgent ? commit_rest_u(m, x) : commit_rest(m, x);
					break;
				}
				L->k++;
			}
		}
		L->cur = x;
	}
	m->start_level = rp->depth;
	m->start = rp->at;
	return DLX_OK;
}

static ALWAYS_INLINE int msearch_impl(struct msearch *m, const dlx_search_params *params, dlx_stats *stats,
					 struct keep *kp, const bool best, const bool urg)
{
	static const dlx_search_params defaults = DLX_SEARCH_PARAMS_INIT;
	if (!params)
		params = &defaults;
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
	if (m->switching) {
		/*
		 * The other copy left at this node's door (see forward): enter it
		 * here, without asking again, so that a test's switch back at the
		 * next node (dlx__set_tracking(p, 2)) chooses once each way.
		 */
		m->switching = false;
		level = m->sw.level, cost = m->sw.cost, poll_left = m->sw.poll_left, st = m->sw.st;
		goto entered;
	}
	if (m->ck) {
		/* Replayed down to the node the checkpoint stood at (mreplay()): enter it, with its counters. */
		level = m->start_level;
		st = m->start;
		st.stop = DLX_STOP_COMPLETE;
		m->updates = st.updates;
		m->p->ck_where = DLX_CK_NONE;
		/* Inside a leaf of the cut: the updates from here on are the part's (see backdown). */
		if (m->cut && level >= m->cut->deepest) {
			m->cut->in_owned = true;
			m->cut->owned_from = m->updates;
			m->cut->leaf_nodes = m->cut->leaf_branches = m->cut->leaf_solutions = m->cut->leaf_updates = 0;
		}
	}

forward:
	/*
	 * Scans long enough, or short again: this node and the rest with the
	 * heap of urgent items or without, in the other copy (msearch_run()).
	 */
	if ((urg ? m->may_stop : m->adaptive) && __builtin_expect(should_switch(m), 0)) {
		m->sw.level = level, m->sw.cost = cost, m->sw.poll_left = poll_left, m->sw.st = st;
		m->switching = true;
		return DLX_OK;
	}
entered:
	if (st.nodes == UINT64_MAX || st.branches == UINT64_MAX || m->updates > update_room) {
		rc = DLX_ERR_OVERFLOW;
		st.stop = DLX_STOP_ERROR;
		goto unwind;
	}
	/* A part's limit is on its own nodes, not the walk above its cut (dlx__search_m_part_replay()). */
	if (params->node_limit && st.nodes - (m->cut ? m->cut->shared_nodes : 0) >= params->node_limit) {
		st.stop = DLX_STOP_NODE_LIMIT;
		goto unwind;
	}
	/* Above the cut: a solution there is a leaf; the other nodes are walked by every worker. */
	bool claimed_here = false;
	if (m->cut && level < m->cut->deepest) {
		int at = mcut_leaf(m->cut, level, m->next[0] == 0);
		if (at == 0)
			goto backdown;
		m->cut->shared_nodes += at == 1;
		/* A solution above the cut, claimed: no poll there, where a save would have to say so. */
		claimed_here = at == 2 && m->cut->claim;
	}
	st.nodes++;
	if (level > st.max_level)
		st.max_level = level > UINT32_MAX ? UINT32_MAX : (uint32_t)level;
	if (params->on_poll && !claimed_here && --poll_left == 0) {
		poll_left = poll_every;
		st.updates = m->updates;
		st.progress = progress(m, level);
		dlx_stats now = st;
		/* A split's workers count the nodes above the cut once between them (the lead's). */
		if (m->cut && !m->cut->lead)
			now.nodes -= m->cut->shared_nodes;
		/* The poll may save the search (dlx_checkpoint_save()): the path to this node. */
		if (m->ck)
			publish(m, level, DLX_CK_ENTERED, &st);
		if (params->on_poll(params->poll_ctx, &now)) {
			st.stop = DLX_STOP_POLL;
			goto unwind;
		}
		if (m->ck)
			m->p->ck_where = DLX_CK_NONE;
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
		/* What the rest may cost when the K-th is to be matched at most (ties are kept). */
		uint64_t budget = UINT64_MAX - 1;
		if (best) {
			const bool full = kp->b->n == kp->k;
			if (full) {
				if (cost > kp->kth)
					goto backdown;
				budget = kp->kth - cost;
			}
			if (!m->unit)
				i = urg ? choose_bn(m, &score, budget, full) : choose_b(m, &score, budget, full);
			else
				i = urg ? choose_bu(m, &score, budget, full) : choose_b1(m, &score, budget, full);
			if (i < 0)
				goto backdown;
		} else {
			i = choose(m, &score);
		}
		if (i == 0) {
			/* The solution's options are listed only for whoever looks at them (a count does not). */
			if (st.solutions == UINT64_MAX) {
				rc = DLX_ERR_OVERFLOW;
				st.stop = DLX_STOP_ERROR;
				goto unwind;
			}
			st.solutions++;
			if (best) {
				rc = keep_solution(kp, cost, m, level);
				if (rc) {
					st.stop = DLX_STOP_ERROR;
					goto unwind;
				}
			} else if (m->pause) {
				struct mpause *pz = m->pause;
				pz->paused = true;
				pz->level = level, pz->n = collect(m, level), pz->cost = cost, pz->poll_left = poll_left;
				st.updates = m->updates;
				pz->st = st;
				if (stats)
					*stats = st;
				return DLX_OK;
			} else if (params->on_solution &&
				   params->on_solution(params->solution_ctx, m->sol, collect(m, level))) {
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
		branch_bound(m, i, urg && !best);
		if (m->bound[i] == 0) {
			L->mode = MODE_COVER;
			if (best)
				urg ? (m->unit ? cover_bu(m, i, budget) : cover_bn(m, i, budget)) : cover_b(m, i, budget);
			else
				urg ? cover_u(m, i) : cover(m, i);
		} else {
			/* With the heaps with bounds, i's keys follow its first tweak, or its bound's return at backup. */
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
		if (x != i && best && kp->b->n == kp->k && L->cost + m->ncost[x] > kp->kth) {
			if (m->bound[i] + 1 - m->slack[i] > 0)
				goto backup;
			/* No more options for i: those left go the way of the tried ones, then i closes. */
			while (m->down[i] != i)
				(best && urg) ? tweak_bn(m, m->down[i]) : tweak(m, m->down[i]);
			x = i;
		}
		if (x != i) {
			if (best)
				urg ? tweak_bn(m, x) : tweak(m, x);
			else
				urg ? tweak_u(m, x) : tweak(m, x);
		} else {
			/* Its list is empty: its part of the sums is 0 already (tweak_bn(), or the hide that emptied it). */
			deactivate(m, i);
		}
	} else {
		if (x != i && best && kp->b->n == kp->k && L->cost + m->ncost[x] > kp->kth)
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
		m->cut->leaf_nodes = st.nodes;
		m->cut->leaf_branches = st.branches;
		m->cut->leaf_solutions = st.solutions;
		m->cut->leaf_updates = m->cut->owned_updates;
	}
	L->cur = x;
	cost = L->cost;
	if (x != i) {
		if (best) {
			cost += m->ncost[x];
			uint64_t below = kp->b->n == kp->k ? kp->kth - cost : UINT64_MAX - 1;
			urg ? (m->unit ? commit_rest_bu(m, x, below) : commit_rest_bn(m, x, below))
			    : commit_rest_b(m, x, below);
		} else {
			urg ? commit_rest_u(m, x) : commit_rest(m, x);
		}
	}
	level++;
	goto forward;

backup:	/* Level L's branches are done: restore its item. */
	if (L->mode != MODE_COVER)
		(best && urg) ? untweak_to_bn(m, L->tweaks) : untweak_to(m, L->tweaks);
	else if (best)
		urg ? (m->unit ? uncover_bu(m, i) : uncover_bn(m, i)) : uncover_b(m, i);
	else
		urg ? uncover_u(m, i) : uncover(m, i);
	backup_bound(m, i, urg && !best);
	if (best && urg && !m->unit)
		bn_changed(m, i);

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
		/* With the heaps with bounds, backup gives it its keys and sums. */
		if (L->mode == MODE_TWEAK)
			reactivate_g(m, i, urg && !best);
		goto backup;
	}
	if (best)
		urg ? (m->unit ? uncommit_rest_bu(m, x) : uncommit_rest_bn(m, x)) : uncommit_rest_b(m, x);
	else
		urg ? uncommit_rest_u(m, x) : uncommit_rest(m, x);
	if (L->mode == MODE_COVER)
		L->cur = m->down[x];
	goto advance;

unwind:	/* Stopped early: undo every level so the copy is consistent (it is dropped anyway). */
	st.progress = progress(m, level);
	/* A poll's stop came at a node it had entered; the node limit's before entering one. */
	if (m->ck && (st.stop == DLX_STOP_POLL || st.stop == DLX_STOP_NODE_LIMIT)) {
		st.updates = m->updates;
		publish(m, level, st.stop == DLX_STOP_POLL ? DLX_CK_ENTERED : DLX_CK_BEFORE, &st);
	}
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

/* The search, in four copies: without costs it has none of the cheapest solutions' tests; with the heaps or not. */
static int msearch_run(struct msearch *m, const dlx_search_params *params, dlx_stats *stats, struct keep *kp)
{
	for (;;) {
		int rc;
		if (kp)
			rc = m->urgent ? msearch_impl(m, params, stats, kp, true, true)
				       : msearch_impl(m, params, stats, kp, true, false);
		else
			rc = m->urgent ? msearch_impl(m, params, stats, NULL, false, true)
				       : msearch_impl(m, params, stats, NULL, false, false);
		if (!m->switching)
			return rc;
		if (m->urgent)
			stop_urgent(m);
		else
			start_urgent(m);
	}
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
#ifdef DLX_COUNT_SCANS
	p->scans += m.scans;
#endif
	ms_free(&m);
	return rc;
}

int dlx__search_m_part_replay(dlx_problem *p, const dlx_search_params *params, struct dlx__mcut *cut,
			      const struct dlx__replay *rp, dlx_stats *stats)
{
	if (stats)
		*stats = (dlx_stats){ 0, 0, 0, 0, DLX_STOP_ERROR, 0, 0.0 };
	p->ck_where = DLX_CK_NONE;
	if (p->n_forced)
		return DLX_ERR_STATE;
	/* Room for the deepest path (a level per option and per primary item at most), for publish(). */
	size_t depth_max = p->n_options + p->n_primary + 1;
	int32_t *choice = realloc(p->choice, depth_max * sizeof *choice);
	if (!choice)
		return DLX_ERR_NOMEM;
	p->choice = choice;
	struct msearch m;
	int rc = ms_init(&m, p, false);
	if (!rc) {
		m.cut = cut;
		rc = mreplay(&m, rp);
	}
	if (!rc) {
		m.ck = true;
		rc = msearch_run(&m, params, stats, NULL);
	}
	ms_free(&m);
	return rc;
}

/* The whole search is the part without a cut. */
int dlx__search_m_replay(dlx_problem *p, const dlx_search_params *params, const struct dlx__replay *rp,
			 dlx_stats *stats)
{
	return dlx__search_m_part_replay(p, params, NULL, rp, stats);
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
	struct keep kp = { k, b, 0, malloc(k * sizeof *kp.heap), 0 };
	int rc = DLX_ERR_NOMEM;
	if (kp.heap) {
		struct msearch m;
		rc = ms_init(&m, p, true);
		if (!rc)
			rc = msearch_run(&m, params, stats, &kp);
#ifdef DLX_COUNT_SCANS
		p->scans += m.scans;
#endif
		ms_free(&m);
	}
	/* Cheapest first, equal costs in the order found (the heap's keys, one a slot): O(K log K). */
	dlx_costed *sorted = rc && rc != DLX_ERR_OVERFLOW ? NULL : malloc((b->n ? b->n : 1) * sizeof *sorted);
	if (!sorted) {
		rc = rc && rc != DLX_ERR_OVERFLOW ? rc : DLX_ERR_NOMEM;
		if (stats && rc == DLX_ERR_NOMEM)
			stats->stop = DLX_STOP_ERROR;
		free(kp.heap);
		dlx_best_free(b);
		return rc;
	}
	qsort(kp.heap, b->n, sizeof *kp.heap, cmp_ranked);
	for (size_t s = 0; s < b->n; s++)
		sorted[s] = b->sol[kp.heap[s].slot];
	free(kp.heap);
	free(b->sol);
	b->sol = sorted;
	for (size_t s = 0; s < b->n; s++)
		b->ties += b->sol[s].cost == b->sol[b->n - 1].cost;
	*out = b;
	return rc;
}

/* Resets what a run of cut counts, the plan kept. */
void dlx__mcut_reset(struct dlx__mcut *c)
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
			dlx__mcut_reset(cut);
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
	dlx__mcut_reset(cut);
	ms_free(&m);
	return rc;
}

int dlx__search_m_cut(const dlx_problem *p, const dlx_search_params *params, struct dlx__mcut *cut, dlx_stats *stats)
{
	*stats = (dlx_stats){ 0, 0, 0, 0, DLX_STOP_COMPLETE, 0, 0.0 };
	dlx__mcut_reset(cut);
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
		if (should_switch(m))
			m->urgent ? stop_urgent(m) : start_urgent(m);
		int32_t i = choose(m, &score);
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
		branch_bound(m, i, m->urgent);
		if (m->bound[i] == 0) {
			/* Branch k: the k-th option of i's list, or past them the closing one (a slack left). */
			m->urgent ? cover_u(m, i) : cover(m, i);
			c = m->down[i];
			while (k-- > 0 && c != i)
				c = m->down[c];
		} else {
			/* The options before branch k were tried and tweaked away, as the search leaves them. */
			while (k-- > 0)
				m->urgent ? tweak_u(m, m->down[i]) : tweak(m, m->down[i]);
			c = m->down[i];
			if (c != i)
				m->urgent ? tweak_u(m, c) : tweak(m, c);
			else
				deactivate(m, i);
		}
		pr->cur[level++] = c;
		if (c != i)
			m->urgent ? commit_rest_u(m, c) : commit_rest(m, c);
	}
	while (level > 0) {
		level--;
		int32_t i = pr->item[level], c = pr->cur[level];
		if (c != i)
			m->urgent ? uncommit_rest_u(m, c) : uncommit_rest(m, c);
		if (m->bound[i] == 0) {
			m->urgent ? uncover_u(m, i) : uncover(m, i);
		} else {
			if (c == i)
				reactivate_g(m, i, m->urgent);
			untweak_to(m, pr->tweaks[level]);
		}
		backup_bound(m, i, m->urgent);
	}
	*nodes = x;
	*solutions = s;
	*updates += m->updates;
	return DLX_OK;
}
