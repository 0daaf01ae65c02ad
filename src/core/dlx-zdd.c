/*
 * The diagram of all solutions (dlx_zdd_*): built by the memoized search
 * (a bounded problem's by the frontier search of dlx-zdd-bounds.c),
 * checked when made from nodes, counted, walked and sampled.
 *
 * The build is dlx_memo_count()'s search with node ids where the count
 * kept numbers: a node's result is the head of a chain of diagram nodes,
 * one per option of its item that has solutions, each with that option's
 * child as hi and the next of the chain as lo.  The chain is sorted by
 * option, which dlx_zdd_from_nodes() demands of any diagram: with the
 * shared item of a chain it makes every way through a diagram a distinct
 * solution.  Ids grow as nodes are made, children first, so every pass
 * over the nodes in id order meets children before parents.
 *
 * A state's node cannot be dropped as a count can (the nodes above it
 * point to it), so the table of states never replaces entries: it grows,
 * and the build fails when it and the nodes would pass the budget.
 */
#include "dlx.h"

#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dlx-frontier.h"
#include "dlx-internal.h"
#include "dlx-links.h"
#include "dlx-memo-key.h"
#include "dlx-mult.h"

#define BOT 0u
#define TOP 1u
/* Ids are 32 bits: the last two values stay free as marks. */
#define MAX_NODES ((size_t)UINT32_MAX - 3)

struct dlx_zdd {
	size_t n;               /* nodes 2..n+1 */
	uint32_t root;
	uint32_t *opt, *lo, *hi; /* n + 2 entries, the terminals' unused */
	uint64_t *cnt;          /* solutions under each node, when they all fit in 64 bits */
	mpz_t *big;             /* else this, n + 2 numbers */
	size_t depth;           /* room a solution needs: the problem's primary items, one at least */
	uint64_t fingerprint;
};

/* --- counts ------------------------------------------------------------- */

/*
 * The most options a way through z takes, plus one: the room a solution
 * needs.  A bounded problem's solutions may take more options than it has
 * primary items.  DLX_OK or DLX_ERR_NOMEM.  O(nodes).
 */
static int zdd_set_depth(dlx_zdd *z)
{
	uint32_t *len = malloc((z->n + 2) * sizeof *len);
	if (!len)
		return DLX_ERR_NOMEM;
	len[BOT] = len[TOP] = 0;
	uint32_t most = 0;
	for (size_t k = 2; k < z->n + 2; k++) {
		uint32_t a = len[z->lo[k]], b = len[z->hi[k]] + 1;
		len[k] = a > b ? a : b;
	}
	if (z->root > TOP)
		most = len[z->root];
	free(len);
	z->depth = (size_t)most + 1;
	return DLX_OK;
}



/* Each node's count, children first: in 64 bits, or in GMP numbers when one passes 2^64. */
static int zdd_count_all(dlx_zdd *z)
{
	size_t total = z->n + 2;
	z->cnt = malloc(total * sizeof *z->cnt);
	if (!z->cnt)
		return DLX_ERR_NOMEM;
	z->cnt[BOT] = 0;
	z->cnt[TOP] = 1;
	size_t k;
	for (k = 2; k < total; k++) {
		uint64_t a = z->cnt[z->lo[k]], b = z->cnt[z->hi[k]];
		if (a > UINT64_MAX - b)
			break;
		z->cnt[k] = a + b;
	}
	if (k == total)
		return DLX_OK;
	free(z->cnt);
	z->cnt = NULL;
	z->big = malloc(total * sizeof *z->big);
	if (!z->big)
		return DLX_ERR_NOMEM;
	mpz_init_set_ui(z->big[BOT], 0);
	mpz_init_set_ui(z->big[TOP], 1);
	for (k = 2; k < total; k++) {
		mpz_init(z->big[k]);
		mpz_add(z->big[k], z->big[z->lo[k]], z->big[z->hi[k]]);
	}
	return DLX_OK;
}

void dlx_zdd_free(dlx_zdd *z)
{
	if (!z)
		return;
	if (z->big)
		for (size_t k = 0; k < z->n + 2; k++)
			mpz_clear(z->big[k]);
	free(z->big);
	free(z->cnt);
	free(z->opt);
	free(z->lo);
	free(z->hi);
	free(z);
}

size_t dlx_zdd_size(const dlx_zdd *z)
{
	return z ? z->n : 0;
}

size_t dlx_zdd_root(const dlx_zdd *z)
{
	return z ? z->root : 0;
}

uint64_t dlx_zdd_fingerprint(const dlx_zdd *z)
{
	return z ? z->fingerprint : 0;
}

int dlx_zdd_node(const dlx_zdd *z, size_t id, size_t *option, size_t *lo, size_t *hi)
{
	if (!z || id < 2 || id >= z->n + 2)
		return DLX_ERR_INVALID;
	if (option)
		*option = z->opt[id];
	if (lo)
		*lo = z->lo[id];
	if (hi)
		*hi = z->hi[id];
	return DLX_OK;
}

char *dlx_zdd_count(const dlx_zdd *z)
{
	if (!z)
		return NULL;
	char *s;
	if (z->cnt) {
		s = malloc(21);
		if (s)
			snprintf(s, 21, "%llu", (unsigned long long)z->cnt[z->root]);
		return s;
	}
	s = malloc(mpz_sizeinbase(z->big[z->root], 10) + 2);
	if (s)
		mpz_get_str(s, 10, z->big[z->root]);
	return s;
}

static uint64_t fnv(uint64_t h, uint64_t v)
{
	for (int b = 0; b < 8; b++) {
		h ^= (v >> (8 * b)) & 0xff;
		h *= 0x100000001b3u;
	}
	return h;
}

uint64_t dlx_problem_fingerprint(const dlx_problem *p)
{
	if (!p)
		return 0;
	uint64_t h = 0xcbf29ce484222325u;
	h = fnv(h, p->n_primary);
	h = fnv(h, p->n_secondary);
	h = fnv(h, p->n_options);
	for (size_t o = 0; o < p->n_options; o++) {
		size_t m = dlx_option_size(p, o);
		h = fnv(h, m);
		for (size_t k = 0; k < m; k++) {
			h = fnv(h, dlx_option_item(p, o, k));
			h = fnv(h, dlx_option_color(p, o, k));
		}
	}
	return h;
}

/* --- walking and sampling ------------------------------------------------- */

int dlx_zdd_visit(const dlx_zdd *z, uint64_t limit, dlx_solution_fn fn, void *ctx, uint64_t *visited)
{
	if (visited)
		*visited = 0;
	if (!z || !fn)
		return DLX_ERR_INVALID;
	uint32_t *path = malloc(z->depth * sizeof *path);
	size_t *sol = malloc(z->depth * sizeof *sol);
	if (!path || !sol) {
		free(path);
		free(sol);
		return DLX_ERR_NOMEM;
	}
	uint64_t seen = 0;
	size_t d = 0;
	uint32_t cur = z->root;
	for (;;) {
		/* Down the hi links, taking each option; the checks keep d below depth. */
		while (cur > TOP) {
			path[d] = cur;
			sol[d++] = z->opt[cur];
			cur = z->hi[cur];
		}
		if (cur == TOP) {
			seen++;
			if (fn(ctx, sol, d) || seen == limit)
				break;
		}
		/* Back to the deepest node whose lo is left to walk. */
		for (cur = BOT; d > 0 && cur == BOT;)
			cur = z->lo[path[--d]];
		if (cur == BOT)
			break;
	}
	free(path);
	free(sol);
	if (visited)
		*visited = seen;
	return DLX_OK;
}

/* A number below n (n > 0), uniformly: masked words, rejected until below (under 2 tries on average). */
static uint64_t below_u64(uint64_t *s, uint64_t n)
{
	uint64_t mask = n - 1;
	for (int b = 1; b < 64; b <<= 1)
		mask |= mask >> b;
	uint64_t r;
	do
		r = splitmix64(s) & mask;
	while (r >= n);
	return r;
}

/* r = a number below n (n > 0), uniformly: as below_u64(), with as many words as n has bits. */
static void below_big(uint64_t *s, mpz_t r, const mpz_t n, uint64_t *words)
{
	size_t bits = mpz_sizeinbase(n, 2), w = (bits + 63) / 64;
	do {
		for (size_t k = 0; k < w; k++)
			words[k] = splitmix64(s);
		mpz_import(r, w, -1, sizeof *words, 0, 0, words);
		mpz_fdiv_r_2exp(r, r, bits);
	} while (mpz_cmp(r, n) >= 0);
}

int dlx_zdd_sample(const dlx_zdd *z, uint64_t n, uint64_t seed, dlx_solution_fn fn, void *ctx)
{
	if (!z || !fn)
		return DLX_ERR_INVALID;
	if (z->cnt ? z->cnt[z->root] == 0 : mpz_sgn(z->big[z->root]) == 0)
		return DLX_OK;
	size_t *sol = malloc(z->depth * sizeof *sol);
	uint64_t *words = z->big ? malloc((mpz_sizeinbase(z->big[z->root], 2) / 64 + 1) * sizeof *words) : NULL;
	if (!sol || (z->big && !words)) {
		free(sol);
		free(words);
		return DLX_ERR_NOMEM;
	}
	uint64_t s = seed;
	mpz_t r;
	if (z->big)
		mpz_init(r);
	for (uint64_t k = 0; k < n; k++) {
		size_t d = 0;
		uint32_t cur = z->root;
		if (z->cnt) {
			uint64_t x = below_u64(&s, z->cnt[cur]);
			while (cur > TOP) {
				uint64_t c = z->cnt[z->hi[cur]];
				if (x < c) {
					sol[d++] = z->opt[cur];
					cur = z->hi[cur];
				} else {
					x -= c;
					cur = z->lo[cur];
				}
			}
		} else {
			below_big(&s, r, z->big[cur], words);
			while (cur > TOP) {
				const mpz_t *c = &z->big[z->hi[cur]];
				if (mpz_cmp(r, *c) < 0) {
					sol[d++] = z->opt[cur];
					cur = z->hi[cur];
				} else {
					mpz_sub(r, r, *c);
					cur = z->lo[cur];
				}
			}
		}
		if (fn(ctx, sol, d))
			break;
	}
	if (z->big)
		mpz_clear(r);
	free(sol);
	free(words);
	return DLX_OK;
}

/* --- made from nodes, and checked ----------------------------------------- */

/* An empty diagram with room for n nodes. */
static dlx_zdd *zdd_alloc(size_t n)
{
	dlx_zdd *z = calloc(1, sizeof *z);
	if (!z)
		return NULL;
	z->n = n;
	z->opt = malloc((n + 2) * sizeof *z->opt);
	z->lo = malloc((n + 2) * sizeof *z->lo);
	z->hi = malloc((n + 2) * sizeof *z->hi);
	if (!z->opt || !z->lo || !z->hi) {
		dlx_zdd_free(z);
		return NULL;
	}
	z->opt[0] = z->opt[1] = z->lo[0] = z->lo[1] = z->hi[0] = z->hi[1] = 0;
	return z;
}

int dlx_zdd_from_nodes(const dlx_problem *p, size_t n, const size_t *option, const size_t *lo, const size_t *hi,
		       size_t root, dlx_zdd **out, size_t *bad)
{
	size_t where = 0;
	if (out)
		*out = NULL;
	if (bad)
		*bad = 0;
	if (!p || !out || (n && (!option || !lo || !hi)))
		return DLX_ERR_INVALID;
	if (n > MAX_NODES)
		return DLX_ERR_TOO_BIG;
	dlx_zdd *z = zdd_alloc(n);
	if (!z)
		return DLX_ERR_NOMEM;
	int rc = DLX_OK;
	for (size_t k = 0; k < n && !rc; k++) {
		size_t id = k + 2;
		if (option[k] >= p->n_options || lo[k] >= id || hi[k] >= id || hi[k] == BOT) {
			where = k;
			rc = DLX_ERR_SYNTAX;
			break;
		}
		z->opt[id] = (uint32_t)option[k];
		z->lo[id] = (uint32_t)lo[k];
		z->hi[id] = (uint32_t)hi[k];
	}
	if (!rc && root >= n + 2) {
		where = n;
		rc = DLX_ERR_SYNTAX;
	}
	if (!rc) {
		z->root = (uint32_t)root;
		z->depth = p->n_primary + 1;
		z->fingerprint = dlx_problem_fingerprint(p);
		/* A bounded problem's diagram is the frontier search's, by its own rules (dlx-zdd-bounds.c). */
		if (dlx__bounded(p))
			rc = dlx__zdd_bounds_check(p, n, z->opt, z->lo, z->hi, z->root, &where);
		else
			rc = dlx__zdd_check(p, n, z->opt, z->lo, z->hi, z->root, &where);
		if (!rc && dlx__bounded(p))
			rc = zdd_set_depth(z);
	}
	if (!rc)
		rc = zdd_count_all(z);
	if (rc) {
		if (bad && rc == DLX_ERR_SYNTAX)
			*bad = where;
		dlx_zdd_free(z);
		return rc;
	}
	*out = z;
	return DLX_OK;
}

/* --- the build ------------------------------------------------------------- */

/* The table of states: open addressing, linear probes, whole keys compared, never an entry dropped. */
struct zdd_table {
	size_t kw, cap, used;
	uint64_t *hash;         /* 0: empty (a state's hash is stored with its low bit set) */
	uint32_t *id;
	uint64_t *keys;
};

/* A level of the build's stack. */
struct zdd_level {
	int32_t item, x, from;
	uint64_t hash;
	size_t pend;            /* where this node's children start in the pending list */
	bool store;
	int32_t least;          /* the least len covering the item left, its own folded in (choose_below()) */
	struct dlx__scan_mark scan; /* where its scans started (choose_below()) */
};

struct zdd_build {
	dlx_problem *p;
	struct memo_key k;
	struct zdd_table t;
	struct zdd_level *lv;
	uint32_t *pend_opt, *pend_child; /* the children of the nodes on the stack, with solutions */
	size_t n_pend;
	uint32_t *opt, *lo, *hi; /* the diagram's nodes so far (ids 2..n+1) */
	size_t n, cap;
	size_t budget;
	uint64_t nodes, updates, branches;
	uint32_t max_level, poll_left;
};

static size_t table_bytes(size_t kw, size_t cap)
{
	return cap * (sizeof(uint64_t) + sizeof(uint32_t) + kw * sizeof(uint64_t));
}

static size_t nodes_bytes(size_t cap)
{
	return cap * 3 * sizeof(uint32_t);
}

/* Whether the table and nodes with these capacities fit the budget. */
static bool fits(const struct zdd_build *b, size_t tcap, size_t ncap)
{
	size_t tb = table_bytes(b->t.kw, tcap), nb = nodes_bytes(ncap);
	return tb / tcap == b->t.kw * 8 + 12 && tb <= b->budget && nb <= b->budget - tb;
}

static bool table_get(const struct zdd_table *t, uint64_t h, const uint64_t *key, uint32_t *id)
{
	h |= 1;
	for (size_t s = h & (t->cap - 1);; s = (s + 1) & (t->cap - 1)) {
		if (!t->hash[s])
			return false;
		if (t->hash[s] == h && !memcmp(t->keys + s * t->kw, key, t->kw * sizeof *key)) {
			*id = t->id[s];
			return true;
		}
	}
}

static void table_insert(struct zdd_table *t, uint64_t h, const uint64_t *key, uint32_t id)
{
	size_t s = h & (t->cap - 1);
	while (t->hash[s])
		s = (s + 1) & (t->cap - 1);
	t->hash[s] = h;
	t->id[s] = id;
	memcpy(t->keys + s * t->kw, key, t->kw * sizeof *key);
	t->used++;
}

/* Makes the table cap slots (a power of two), moving the entries; DLX_ERR_NOMEM past the budget. */
static int table_resize(struct zdd_build *b, size_t cap)
{
	struct zdd_table *t = &b->t, nt = { t->kw, cap, 0, NULL, NULL, NULL };
	if (!fits(b, cap, b->cap))
		return DLX_ERR_NOMEM;
	nt.hash = calloc(cap, sizeof *nt.hash);
	nt.id = malloc(cap * sizeof *nt.id);
	nt.keys = malloc(cap * t->kw * sizeof *nt.keys);
	if (!nt.hash || !nt.id || !nt.keys) {
		free(nt.hash);
		free(nt.id);
		free(nt.keys);
		return DLX_ERR_NOMEM;
	}
	for (size_t s = 0; s < t->cap; s++)
		if (t->hash[s])
			table_insert(&nt, t->hash[s], t->keys + s * t->kw, t->id[s]);
	free(t->hash);
	free(t->id);
	free(t->keys);
	*t = nt;
	return DLX_OK;
}

static int table_put(struct zdd_build *b, uint64_t h, const uint64_t *key, uint32_t id)
{
	if (2 * (b->t.used + 1) > b->t.cap) {
		int rc = table_resize(b, b->t.cap * 2);
		if (rc)
			return rc;
	}
	table_insert(&b->t, h | 1, key, id);
	return DLX_OK;
}

/* A new node (o, lo, hi) in *id; DLX_ERR_NOMEM past the budget or 2^32-4 nodes. */
static int new_node(struct zdd_build *b, uint32_t o, uint32_t lo, uint32_t hi, uint32_t *id)
{
	if (b->n + 2 == b->cap) {
		size_t cap = b->cap * 2;
		if (b->n >= MAX_NODES || !fits(b, b->t.cap, cap))
			return DLX_ERR_NOMEM;
		if (cap > MAX_NODES + 2)
			cap = MAX_NODES + 2;
		uint32_t *a = realloc(b->opt, cap * sizeof *a);
		if (a)
			b->opt = a;
		uint32_t *l = a ? realloc(b->lo, cap * sizeof *l) : NULL;
		if (l)
			b->lo = l;
		uint32_t *h = l ? realloc(b->hi, cap * sizeof *h) : NULL;
		if (!h)
			return DLX_ERR_NOMEM;
		b->hi = h;
		b->cap = cap;
	}
	*id = (uint32_t)(b->n + 2);
	b->opt[*id] = o;
	b->lo[*id] = lo;
	b->hi[*id] = hi;
	b->n++;
	return DLX_OK;
}

/* The chain of the children pending from `from` on, sorted by option; its head in *id (BOT: none). */
static int make_chain(struct zdd_build *b, size_t from, uint32_t *id)
{
	uint32_t *o = b->pend_opt, *c = b->pend_child;
	/* Insertion sort: a chain is one item's options. */
	for (size_t k = from + 1; k < b->n_pend; k++) {
		uint32_t ok = o[k], ck = c[k];
		size_t j = k;
		for (; j > from && o[j - 1] > ok; j--) {
			o[j] = o[j - 1];
			c[j] = c[j - 1];
		}
		o[j] = ok;
		c[j] = ck;
	}
	uint32_t lo = BOT;
	for (size_t k = b->n_pend; k > from; k--) {
		int rc = new_node(b, o[k - 1], lo, c[k - 1], &lo);
		if (rc)
			return rc;
	}
	b->n_pend = from;
	*id = lo;
	return DLX_OK;
}

static void build_fill_stats(const struct zdd_build *b, dlx_stats *st)
{
	st->nodes = b->nodes;
	st->updates = b->updates;
	st->branches = b->branches;
	st->max_level = b->max_level;
}

/* The memoized search that makes the nodes (dlx-memo.c's memo_impl(), with ids for counts); the root in *root. */
static SPECIALIZED int build_impl(struct zdd_build *b, const dlx_search_params *params, dlx_stats *st,
				    uint32_t *root, const bool colors, const bool fixed, const bool track)
{
	dlx_problem *p = b->p;
	const struct dlx_nodes nd = p->node;
	const int32_t *len = p->len;
	const uint64_t node_limit = params->node_limit;
	const uint32_t poll_every = params->poll_interval ? params->poll_interval : 65536;
	const uint64_t update_room = UINT64_MAX - (uint64_t)p->n_nodes - (uint64_t)p->n_items - 2;
	struct zdd_level *lv = b->lv;
	int rc = DLX_OK;
	size_t level = 0;
	bool calm = false; /* the last commits left every item two or more options (choose_below()) */
	uint32_t v;
	int32_t i, x;
	st->stop = DLX_STOP_COMPLETE;
	key_build(&b->k);
	if (track)
		tracked_start(p);

x2:	/* Enter a node: the empty solution, a state met before, or a branching. */
	if (b->nodes == UINT64_MAX || b->branches == UINT64_MAX || b->updates > update_room) {
		rc = DLX_ERR_OVERFLOW;
		st->stop = DLX_STOP_ERROR;
		goto unwind;
	}
	if (node_limit && b->nodes >= node_limit) {
		st->stop = DLX_STOP_NODE_LIMIT;
		goto unwind;
	}
	b->nodes++;
	if (level > b->max_level)
		b->max_level = (uint32_t)level;
	if (params->on_poll && --b->poll_left == 0) {
		b->poll_left = poll_every;
		dlx_stats now = { 0, 0, 0, 0, DLX_STOP_COMPLETE, 0, 0.0 };
		build_fill_stats(b, &now);
		if (params->on_poll(params->poll_ctx, &now)) {
			st->stop = DLX_STOP_POLL;
			goto unwind;
		}
	}
	if (p->n_act_p == 0) {
		v = TOP;
		goto ret;
	}
	i = fixed ? choose_first(&b->k, level ? lv[level - 1].from : 1)
		  : !track ? mrv_scan(p) : level == 0 ? choose_tracked(p, 0, true)
							  : choose_below(p, level, lv[level - 1].item, lv[level - 1].least, calm,
											       lv[level - 1].scan);
	if (len[i] == 0) {
		v = BOT;
		goto ret;
	}
	lv[level].store = len[i] >= 2;
	if (lv[level].store && table_get(&b->t, b->k.hash, b->k.key, &v))
		goto ret;
	b->branches += len[i] >= 2;
	lv[level].item = i;
	lv[level].from = i + 1;
	lv[level].scan = scan_mark(p);
	lv[level].hash = b->k.hash;
	lv[level].pend = b->n_pend;
	{
		int32_t least = len[i];
		mark(p, i, track);
		b->updates += cover(p, i, &least, track, colors);
		lv[level].least = least;
	}
	key_flip(&b->k, i, colors);
	x = nd.down[i];

x5:	/* Try option x of item i, or end the node when they are all tried. */
	if (x == i) {
		key_flip(&b->k, i, colors);
		uncover(p, i, track, colors);
		unmark(p, i, track);
		rc = make_chain(b, lv[level].pend, &v);
		if (!rc && lv[level].store)
			rc = table_put(b, lv[level].hash, b->k.key, v);
		if (rc) {
			st->stop = DLX_STOP_ERROR;
			goto unwind;
		}
		goto ret;
	}
	mark_rest(p, x, track, colors);
	{
		int32_t least = INT32_MAX;
		int32_t dead = commit_rest_until_empty(p, x, &b->updates, &least, track, colors);
		if (dead) {
			uncommit_back(p, x, dead, track, colors);
			unmark_rest(p, x, track, colors);
			goto next;
		}
		calm = least >= 2;
	}
	key_option(&b->k, x, colors);
	lv[level].x = x;
	level++;
	goto x2;

ret:	/* The node at `level` is v: a child of its parent's chain, unless it has no solution. */
	if (level == 0)
		goto done;
	level--;
	x = lv[level].x;
	i = lv[level].item;
	if (v != BOT) {
		b->pend_opt[b->n_pend] = (uint32_t)dlx__option_of_node(p, x);
		b->pend_child[b->n_pend++] = v;
	}
	key_option(&b->k, x, colors);
	uncommit_rest(p, x, track, colors);
	unmark_rest(p, x, track, colors);
next:	/* The option x of item i at `level` is done. */
	x = nd.down[x];
	goto x5;

unwind:	/* Stopped: undo every level's choice and its item's cover. */
	while (level > 0) {
		x = lv[--level].x;
		key_option(&b->k, x, colors);
		uncommit_rest(p, x, track, colors);
		unmark_rest(p, x, track, colors);
		i = lv[level].item;
		key_flip(&b->k, i, colors);
		uncover(p, i, track, colors);
		unmark(p, i, track);
	}
	build_fill_stats(b, st);
	return rc;
done:
	*root = v;
	st->progress = 1.0;
	build_fill_stats(b, st);
	return rc;
}

static int build_run(struct zdd_build *b, const dlx_search_params *params, dlx_stats *st, uint32_t *root,
		     bool fixed)
{
	/* The low bytes where dlx_search() keeps them (want_tracking()); the first-item rule needs none. */
	bool track = !fixed && b->p->track;
	if (b->p->color)
		return fixed ? build_impl(b, params, st, root, true, true, false)
		       : track ? build_impl(b, params, st, root, true, false, true)
			       : build_impl(b, params, st, root, true, false, false);
	return fixed ? build_impl(b, params, st, root, false, true, false)
	       : track ? build_impl(b, params, st, root, false, false, true)
		       : build_impl(b, params, st, root, false, false, false);
}

static void build_free(struct zdd_build *b)
{
	memo_key_free(&b->k);
	free(b->t.hash);
	free(b->t.id);
	free(b->t.keys);
	free(b->lv);
	free(b->pend_opt);
	free(b->pend_child);
	free(b->opt);
	free(b->lo);
	free(b->hi);
}

/* dlx_zdd_build() of a bounded problem: the frontier search's nodes (dlx-zdd-bounds.c) made a diagram. */
static int zdd_build_bounded(dlx_problem *p, const dlx_search_params *params, const dlx_memo_params *memo,
			     dlx_zdd **out, dlx_stats *stats)
{
	dlx_stats st = { 0, 0, 0, 0, DLX_STOP_COMPLETE, 0, 0.0 };
	uint32_t *opt, *lo, *hi, root;
	size_t n;
	int rc = dlx__zdd_bounds(p, params, memo->memory ? memo->memory : DLX_MEMO_DEFAULT_MEMORY, &opt, &lo, &hi,
				 &n, &root, &st);
	dlx_zdd *z = NULL;
	if (!rc && st.stop == DLX_STOP_COMPLETE) {
		z = calloc(1, sizeof *z);
		if (z) {
			z->n = n;
			z->opt = opt;
			z->lo = lo;
			z->hi = hi;
			opt = lo = hi = NULL;
			z->opt[0] = z->opt[1] = z->lo[0] = z->lo[1] = z->hi[0] = z->hi[1] = 0;
			z->root = root;
			z->fingerprint = dlx_problem_fingerprint(p);
			rc = zdd_set_depth(z);
			if (!rc)
				rc = zdd_count_all(z);
		} else {
			rc = DLX_ERR_NOMEM;
		}
		if (rc) {
			dlx_zdd_free(z);
			z = NULL;
			st.stop = DLX_STOP_ERROR;
		}
	}
	free(opt);
	free(lo);
	free(hi);
	st.progress = st.stop == DLX_STOP_COMPLETE ? 1.0 : st.progress;
	if (z) {
		st.solutions = z->cnt ? z->cnt[root] : UINT64_MAX;
		*out = z;
	}
	if (stats)
		*stats = st;
	return rc;
}

int dlx_zdd_build(dlx_problem *p, const dlx_search_params *params, const dlx_memo_params *memo, dlx_zdd **out,
		  dlx_stats *stats)
{
	static const dlx_search_params no_params = DLX_SEARCH_PARAMS_INIT;
	static const dlx_memo_params no_memo = DLX_MEMO_PARAMS_INIT;
	dlx_stats st = { 0, 0, 0, 0, DLX_STOP_COMPLETE, 0, 0.0 };
	if (stats)
		*stats = st;
	if (out)
		*out = NULL;
	params = params ? params : &no_params;
	memo = memo ? memo : &no_memo;
	if (!p || !out || params->on_solution || params->solution_limit ||
	    (memo->order != DLX_MEMO_MRV && memo->order != DLX_MEMO_FIRST))
		return DLX_ERR_INVALID;
	if (p->propagate || p->iterating || dlx_forced_count(p))
		return DLX_ERR_STATE;
	/* Bounded items: the memoized search's keys know no multiplicities; the frontier search's levels do. */
	if (dlx__bounded(p))
		return zdd_build_bounded(p, params, memo, out, stats);
	struct zdd_build b;
	memset(&b, 0, sizeof b);
	b.p = p;
	b.budget = memo->memory ? memo->memory : DLX_MEMO_DEFAULT_MEMORY;
	int rc = memo_key_init(&b.k, p);
	if (rc)
		return rc;
	b.t.kw = b.k.kw;
	b.lv = malloc((p->n_primary + 1) * sizeof *b.lv);
	b.pend_opt = malloc((p->n_options + 1) * sizeof *b.pend_opt);
	b.pend_child = malloc((p->n_options + 1) * sizeof *b.pend_child);
	b.cap = 1024;
	b.opt = malloc(b.cap * sizeof *b.opt);
	b.lo = malloc(b.cap * sizeof *b.lo);
	b.hi = malloc(b.cap * sizeof *b.hi);
	if (!b.lv || !b.pend_opt || !b.pend_child || !b.opt || !b.lo || !b.hi)
		rc = DLX_ERR_NOMEM;
	if (!rc)
		rc = table_resize(&b, 1024);
	uint32_t root = BOT;
	b.poll_left = params->poll_interval ? params->poll_interval : 65536;
	if (!rc)
		rc = build_run(&b, params, &st, &root, memo->order == DLX_MEMO_FIRST);
	if (rc && st.stop == DLX_STOP_COMPLETE)
		st.stop = DLX_STOP_ERROR;
	dlx_zdd *z = NULL;
	if (!rc && st.stop == DLX_STOP_COMPLETE) {
		z = calloc(1, sizeof *z);
		if (!z) {
			rc = DLX_ERR_NOMEM;
		} else {
			/* The nodes move into the diagram; the table and the stack go. */
			z->n = b.n;
			z->opt = b.opt;
			z->lo = b.lo;
			z->hi = b.hi;
			b.opt = b.lo = b.hi = NULL;
			z->opt[0] = z->opt[1] = z->lo[0] = z->lo[1] = z->hi[0] = z->hi[1] = 0;
			z->root = root;
			z->depth = p->n_primary + 1;
			z->fingerprint = dlx_problem_fingerprint(p);
			rc = zdd_count_all(z);
			if (rc) {
				dlx_zdd_free(z);
				z = NULL;
			}
		}
		if (rc)
			st.stop = DLX_STOP_ERROR;
	}
	build_free(&b);
	if (z) {
		st.solutions = z->cnt ? z->cnt[root] : UINT64_MAX;
		*out = z;
	}
	if (stats)
		*stats = st;
	return rc;
}
