/*
 * The check of a diagram made from nodes (dlx_zdd_from_nodes()) when the
 * problem has no bounds: every way through it a solution, no two the same.
 *
 * The rules are local, node by node in id order (children first):
 *   - the primary items under hi are disjoint from the option's, and
 *     those of the node (the option's and hi's) are the same as lo's;
 *   - along a chain of lo links the options increase and share a primary
 *     item (which makes every way a distinct solution);
 *   - no secondary item is taken on a way below hi by an option that has
 *     it too, unless both give it one and the same color;
 *   - the root has every primary item.
 *
 * Kept as bit sets per node, the primary items cost nodes x items / 8
 * bytes: 4.9 GB for the diagram of a 1 x 200,000 domino strip, which the
 * build makes in a few MB.  So each node's set of primary items is a
 * number instead: the sets are binary tries over the items' 64-bit words,
 * hash-consed (every trie node made once), so that two equal sets are the
 * same number whatever order their items came in.  A node's set is hi's
 * with the option's words put in, a path of log2(words) trie nodes each;
 * a word that already has one of the option's items is a way that takes
 * an item twice.  Up to 256 items a set is kept as its words instead, no
 * larger than an id with its share of the tries and no table to look up.
 *
 * The items an option shares with the rest of its lo chain are counted on
 * a walk down the forest the lo links make (chain_check()).
 *
 * A secondary item's colors below each node are a merge over every way
 * below it, not a function of a set as the primary items are.  They are
 * worked out item by item, over the nodes under the options that have the
 * item (a walk down from each, each node once per item), in memory
 * linear in the nodes: time at most nodes x secondary items, as the bit
 * sets took, but usually far less.
 */
#include <stdlib.h>
#include <string.h>

#include "dlx-frontier.h"
#include "dlx-internal.h"
#include "dlx-problem.h"
#include "dlx.h"

#define BOT 0u
#define TOP 1u
/* A secondary item used below with options of different colors, or of none. */
#define SEC_ANY UINT32_MAX
/* Sets of at most this many words (256 items) are kept as words: as small as an id and a trie. */
#define INLINE_WORDS 4

/* --- hash-consed tries of 64-bit words ------------------------------------- */

/*
 * Two spaces of ids: leaves (a word of 64 items) and inner nodes (two
 * children's ids packed in 64 bits).  Id 0 is the empty set in both, the
 * word 0 and the pair (0, 0), so that the empty set has one id.
 */
struct intern {
	uint64_t *val;   /* value of each id */
	size_t n, cap;   /* ids used, room in val */
	uint32_t *slot;  /* open addressing: id + 1, 0 empty */
	size_t mask;     /* slots - 1 */
};

struct tries {
	struct intern leaf, inner;
	unsigned depth; /* levels of inner nodes above the leaves */
};

static size_t mix(uint64_t v)
{
	v ^= v >> 33;
	v *= 0xff51afd7ed558ccdULL;
	v ^= v >> 33;
	v *= 0xc4ceb9fe1a85ec53ULL;
	v ^= v >> 33;
	return (size_t)v;
}

static bool intern_init(struct intern *t)
{
	t->cap = 1024;
	t->val = malloc(t->cap * sizeof *t->val);
	t->mask = 2047;
	t->slot = calloc(t->mask + 1, sizeof *t->slot);
	if (!t->val || !t->slot)
		return false;
	t->val[0] = 0;
	t->n = 1;
	t->slot[mix(0) & t->mask] = 1;
	return true;
}

static void intern_free(struct intern *t)
{
	free(t->val);
	free(t->slot);
}

/* The id of value v, made if new; false when memory or the 32-bit ids run out. */
static bool intern(struct intern *t, uint64_t v, uint32_t *id)
{
	size_t h = mix(v) & t->mask;
	for (uint32_t s; (s = t->slot[h]); h = (h + 1) & t->mask) {
		if (t->val[s - 1] == v) {
			*id = s - 1;
			return true;
		}
	}
	if (t->n >= (size_t)UINT32_MAX - 1)
		return false;
	if (t->n == t->cap) {
		uint64_t *nv = realloc(t->val, 2 * t->cap * sizeof *nv);
		if (!nv)
			return false;
		t->val = nv;
		t->cap *= 2;
	}
	/* Slots at most half full. */
	if (2 * (t->n + 1) > t->mask + 1) {
		size_t nmask = 2 * (t->mask + 1) - 1;
		uint32_t *ns = calloc(nmask + 1, sizeof *ns);
		if (!ns)
			return false;
		for (size_t k = 0; k < t->n; k++) {
			size_t g = mix(t->val[k]) & nmask;
			while (ns[g])
				g = (g + 1) & nmask;
			ns[g] = (uint32_t)k + 1;
		}
		free(t->slot);
		t->slot = ns;
		t->mask = nmask;
		h = mix(v) & t->mask;
		while (t->slot[h])
			h = (h + 1) & t->mask;
	}
	t->val[t->n] = v;
	t->slot[h] = (uint32_t)t->n + 1;
	*id = (uint32_t)t->n++;
	return true;
}

enum { PUT_OK, PUT_TWICE, PUT_NOMEM };

/*
 * Sets *set to the set with mask's items of word w put in; PUT_TWICE if one
 * was there.  A set is a root's id, or with one word (depth 0) the word
 * itself: no table to look anything up in.
 */
static int put_word(struct tries *tr, uint64_t *set, size_t w, uint64_t mask)
{
	if (!tr->depth) {
		if (*set & mask)
			return PUT_TWICE;
		*set |= mask;
		return PUT_OK;
	}
	uint32_t path[64];
	uint32_t cur = (uint32_t)*set;
	for (unsigned d = 0; d < tr->depth; d++) {
		path[d] = cur;
		uint64_t pair = tr->inner.val[cur];
		cur = (w >> (tr->depth - 1 - d) & 1) ? (uint32_t)pair : (uint32_t)(pair >> 32);
	}
	uint64_t old = tr->leaf.val[cur];
	if (old & mask)
		return PUT_TWICE;
	uint32_t id;
	if (!intern(&tr->leaf, old | mask, &id))
		return PUT_NOMEM;
	for (unsigned d = tr->depth; d-- > 0;) {
		uint64_t pair = tr->inner.val[path[d]];
		if (w >> (tr->depth - 1 - d) & 1)
			pair = (pair & 0xffffffff00000000ULL) | id;
		else
			pair = (pair & 0xffffffffULL) | (uint64_t)id << 32;
		if (!intern(&tr->inner, pair, &id))
			return PUT_NOMEM;
	}
	*set = id;
	return PUT_OK;
}

/* --- the check --------------------------------------------------------------- */

/* Option o's nodes are first..end-1; top[x] - 1 is node x's item. */
static inline void option_nodes(const dlx_problem *p, size_t o, int32_t *first, int32_t *end)
{
	*first = p->opt_start[o];
	*end = o + 1 < p->n_options ? p->opt_start[o + 1] - 1 : p->last_spacer;
}

static uint32_t merge(uint32_t a, uint32_t b)
{
	return !a ? b : !b ? a : a == b ? a : SEC_ANY;
}

/*
 * The first node (in id order) whose option has a secondary item that a
 * way below its hi takes too without both giving it one color, or
 * SIZE_MAX.  Per item j (tag j + 1): below[m], valid where seen[m] is the
 * tag, merges the colors j has on the options of every way below m, m's
 * own included (takes[m] is the tag where m's option has j, color mine[m]).
 */
static int secondary_check(const dlx_problem *p, size_t n, const uint32_t *opt, const uint32_t *lo,
			   const uint32_t *hi, size_t *first_bad)
{
	const size_t np = dlx_primary_count(p), ns = dlx_secondary_count(p), total = n + 2;
	*first_bad = SIZE_MAX;
	if (!ns || !n)
		return DLX_OK;
	/* The nodes taking each secondary item, with its color there (0: none), grouped by item. */
	size_t *start = calloc(ns + 1, sizeof *start);
	int rc = DLX_ERR_NOMEM;
	uint32_t *who = NULL, *col = NULL, *seen = NULL, *below = NULL, *takes = NULL, *mine = NULL, *stack = NULL;
	if (!start)
		goto out;
	const int32_t *top = p->node.top;
	for (size_t k = 2; k < total; k++) {
		int32_t x, end;
		for (option_nodes(p, opt[k], &x, &end); x < end; x++)
			if ((size_t)top[x] > np)
				start[(size_t)top[x] - np]++;
	}
	for (size_t j = 0; j < ns; j++)
		start[j + 1] += start[j];
	size_t uses = start[ns];
	who = malloc((uses ? uses : 1) * sizeof *who);
	col = malloc((uses ? uses : 1) * sizeof *col);
	seen = calloc(total, sizeof *seen);
	below = malloc(total * sizeof *below);
	takes = calloc(total, sizeof *takes);
	mine = malloc(total * sizeof *mine);
	stack = malloc(total * sizeof *stack);
	if (!who || !col || !seen || !below || !takes || !mine || !stack)
		goto out;
	for (size_t k = 2; k < total; k++) {
		int32_t x, end, first;
		option_nodes(p, opt[k], &first, &end);
		for (x = first; x < end; x++) {
			size_t j = (size_t)top[x] - 1;
			if (j < np)
				continue;
			size_t at = start[j - np]++;
			who[at] = (uint32_t)k;
			uint32_t c = dlx_option_color(p, opt[k], (size_t)(x - first));
			col[at] = c ? c : SEC_ANY;
		}
	}
	/* start[j] is now where item j + 1's uses begin. */
	for (size_t j = ns; j-- > 0;)
		start[j + 1] = start[j];
	start[0] = 0;
	for (size_t j = 0; j < ns; j++) {
		const uint32_t tag = (uint32_t)j + 1;
		/* The terminals take nothing: seen with nothing below. */
		seen[BOT] = seen[TOP] = tag;
		below[BOT] = below[TOP] = 0;
		/* The nodes whose option takes j, with its color there. */
		for (size_t u = start[j]; u < start[j + 1]; u++) {
			takes[who[u]] = tag;
			mine[who[u]] = col[u];
		}
		for (size_t u = start[j]; u < start[j + 1]; u++) {
			size_t top = 0;
			stack[top++] = hi[who[u]];
			while (top) {
				uint32_t m = stack[top - 1];
				if (seen[m] == tag) {
					top--;
					continue;
				}
				if (seen[lo[m]] != tag) {
					stack[top++] = lo[m];
					continue;
				}
				if (seen[hi[m]] != tag) {
					stack[top++] = hi[m];
					continue;
				}
				top--;
				uint32_t b = merge(below[lo[m]], below[hi[m]]);
				below[m] = takes[m] == tag ? merge(b, mine[m]) : b;
				seen[m] = tag;
			}
			uint32_t k = who[u], under = below[hi[k]];
			if (under && (col[u] == SEC_ANY || under != col[u]) && k - 2 < *first_bad)
				*first_bad = k - 2;
		}
	}
	rc = DLX_OK;
out:
	free(start);
	free(who);
	free(col);
	free(seen);
	free(below);
	free(takes);
	free(mine);
	free(stack);
	return rc;
}

/*
 * The first node (in id order) whose option shares no primary item with
 * every option of the rest of its lo chain, or SIZE_MAX.  The lo links
 * make a forest (a node's parent is its lo, the chains' last nodes the
 * roots); a walk down it keeps in count[j] how many options on the path
 * from the root have item j, so the node at depth d shares an item with
 * its whole chain when one of its items has count d.  Time linear in the
 * options' sizes, where a set per node of shared items would not be.
 */
static int chain_check(const dlx_problem *p, size_t n, const uint32_t *opt, const uint32_t *lo, size_t *first_bad)
{
	const size_t np = dlx_primary_count(p), total = n + 2;
	const int32_t *top = p->node.top;
	*first_bad = SIZE_MAX;
	/* child[m]: the next child of m to visit (0: none left); sibling[k]: the next child of k's parent. */
	uint32_t *child = calloc(total, sizeof *child), *sibling = malloc(total * sizeof *sibling);
	uint32_t *stack = malloc(total * sizeof *stack), *count = calloc(np ? np : 1, sizeof *count);
	int rc = DLX_ERR_NOMEM;
	if (!child || !sibling || !stack || !count)
		goto out;
	for (size_t k = total; k-- > 2;) {
		/* A lo of TOP fails its node's other rule; here such a node starts a chain. */
		if (lo[k] > TOP) {
			sibling[k] = child[lo[k]];
			child[lo[k]] = (uint32_t)k;
		}
	}
	for (size_t r = 2; r < total; r++) {
		if (lo[r] > TOP)
			continue;
		size_t depth = 0;
		stack[depth++] = (uint32_t)r;
		bool enter = true;
		while (depth) {
			uint32_t k = stack[depth - 1];
			int32_t first, end;
			option_nodes(p, opt[k], &first, &end);
			if (enter) {
				bool shared = false;
				for (int32_t x = first; x < end; x++) {
					size_t j = (size_t)top[x] - 1;
					if (j < np)
						shared |= ++count[j] == depth;
				}
				if (!shared && k - 2 < *first_bad)
					*first_bad = k - 2;
			}
			uint32_t c = child[k];
			if (c) {
				child[k] = sibling[c];
				stack[depth++] = c;
				enter = true;
				continue;
			}
			for (int32_t x = first; x < end; x++) {
				size_t j = (size_t)top[x] - 1;
				if (j < np)
					count[j]--;
			}
			depth--;
			enter = false;
		}
	}
	rc = DLX_OK;
out:
	free(child);
	free(sibling);
	free(stack);
	free(count);
	return rc;
}

int dlx__zdd_check(const dlx_problem *p, size_t n, const uint32_t *opt, const uint32_t *lo, const uint32_t *hi,
		   uint32_t root, size_t *bad)
{
	const size_t np = dlx_primary_count(p), total = n + 2;
	const int32_t *top = p->node.top;
	const size_t words = np ? (np + 63) / 64 : 1;
	/* Up to INLINE_WORDS words a set is its words, kept per node; a trie's id past that. */
	const size_t sw = words <= INLINE_WORDS ? words : 1;
	struct tries tr = { { 0 }, { 0 }, 0 };
	while (sw == 1 && ((size_t)1 << tr.depth) < words)
		tr.depth++;
	uint64_t *set = malloc(total * sw * sizeof *set);
	int rc = DLX_ERR_NOMEM;
	size_t first_bad = SIZE_MAX;
	bool tries_made = !tr.depth || (intern_init(&tr.leaf) && intern_init(&tr.inner));
	if (!set || !tries_made)
		goto out;
	memset(set, 0, 2 * sw * sizeof *set);
	for (size_t k = 2; k < total && first_bad == SIZE_MAX; k++) {
		/* The node's primary items: hi's with the option's put in, a word at a time. */
		size_t o = opt[k];
		int32_t x, end;
		option_nodes(p, o, &x, &end);
		uint64_t *s = set + k * sw;
		memcpy(s, set + (size_t)hi[k] * sw, sw * sizeof *s);
		int put = PUT_OK;
		size_t w = SIZE_MAX;
		uint64_t mask = 0;
		for (; x <= end && put == PUT_OK; x++) {
			size_t j = x < end ? (size_t)top[x] - 1 : SIZE_MAX;
			if (j < np && j >> 6 == w) {
				mask |= (uint64_t)1 << (j & 63);
				continue;
			}
			if (mask)
				put = sw > 1 ? (s[w] & mask ? PUT_TWICE : (s[w] |= mask, PUT_OK)) : put_word(&tr, s, w, mask);
			w = j < np ? j >> 6 : SIZE_MAX;
			mask = j < np ? (uint64_t)1 << (j & 63) : 0;
		}
		if (put == PUT_NOMEM)
			goto out;
		uint32_t l = lo[k];
		if (put == PUT_TWICE ||
		    (l != BOT && (l == TOP || opt[l] <= o || memcmp(set + (size_t)l * sw, s, sw * sizeof *s))))
			first_bad = k - 2;
	}
	/* The other rules may fail at a node below the first this one did. */
	size_t other;
	if ((rc = chain_check(p, n, opt, lo, &other)))
		goto out;
	first_bad = other < first_bad ? other : first_bad;
	if ((rc = secondary_check(p, n, opt, lo, hi, &other)))
		goto out;
	first_bad = other < first_bad ? other : first_bad;
	rc = DLX_ERR_SYNTAX;
	if (first_bad != SIZE_MAX) {
		*bad = first_bad;
		goto out;
	}
	/* The root has every primary item: the set of all of them has one id too. */
	uint64_t all[INLINE_WORDS] = { 0 };
	for (size_t w = 0; w * 64 < np; w++) {
		size_t left = np - w * 64;
		uint64_t mask = left >= 64 ? UINT64_MAX : ((uint64_t)1 << left) - 1;
		if (sw > 1)
			all[w] = mask;
		else if (put_word(&tr, all, w, mask) == PUT_NOMEM) {
			rc = DLX_ERR_NOMEM;
			goto out;
		}
	}
	if (root > TOP ? memcmp(set + (size_t)root * sw, all, sw * sizeof *all) : root == TOP && np) {
		*bad = n;
		goto out;
	}
	rc = DLX_OK;
out:
	intern_free(&tr.leaf);
	intern_free(&tr.inner);
	free(set);
	return rc;
}
