/*
 * The frontier search of a problem whose items have bounds: its plan and
 * its state, shared by the memoized count (dlx-memo-bounds.c) and the
 * diagram of all solutions (dlx-zdd-bounds.c).  Not installed.
 *
 * The search decides the options with a primary item one by one, each
 * left out or taken, in the order of their lowest-numbered item, then
 * their number (frontier_order()).  Item i is open at the levels between
 * its first option and its last (first + 1 .. last, by the search's
 * order): the count below level k depends on k and on the open items'
 * states alone, a count per primary item and, per secondary one, free,
 * covered without a color, or its color.  That is the key of a level's
 * state: k, then a 32-bit state per open item, in increasing order.
 */
#ifndef DLX_FRONTIER_H
#define DLX_FRONTIER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dlx.h"

/* What does not change while searching: read-only, shared by threads. */
struct frontier_plan {
	const dlx_problem *p;
	size_t n_items, np;
	size_t m;               /* the options searched (with a primary item) */
	size_t *opt;            /* their numbers, in the search's order */
	size_t *open_start;     /* m + 2 entries: the items open at level k (sorted), open_item[open_start[k]..] */
	uint32_t *open_item;
	size_t *close_start;    /* m + 2 entries: the items closed once option k is decided */
	uint32_t *close_item;
	uint32_t *lo, *hi;      /* the primary items' bounds */
	size_t kw;              /* words of a key */
	bool zero;              /* a primary item with a lower bound above 0 is in no option: no solution */
};

/*
 * The options with a primary item in the search's order, into opt (room
 * for p's options), their number in *m.  DLX_OK or DLX_ERR_NOMEM.
 * O(options log options + problem size).
 */
int frontier_order(const dlx_problem *p, size_t *opt, size_t *m);

/*
 * p's plan: DLX_OK, DLX_ERR_NOMEM, or DLX_ERR_TOO_BIG when the open items
 * of all levels together would pass 2^31 entries (nothing to free then).
 * p must outlive it and stay as it is.
 */
int frontier_plan_init(struct frontier_plan *pl, const dlx_problem *p);
void frontier_plan_free(struct frontier_plan *pl);

/* A state change, to undo: the item and its state before. */
struct frontier_change {
	uint32_t item, was;
};

/* One searcher's state: each item's, the trail of changes, the key being made. */
struct frontier_state {
	uint32_t *val;
	struct frontier_change *trail;
	size_t n_trail, cap_trail;
	uint64_t *key;          /* kw words */
};

/* Every item free.  DLX_OK or DLX_ERR_NOMEM (nothing to free then). */
int frontier_state_init(struct frontier_state *s, const struct frontier_plan *pl);
void frontier_state_free(struct frontier_state *s);

/* The key of level k's state in s->key, and its hash (frontier_hash()). */
uint64_t frontier_key(const struct frontier_plan *pl, struct frontier_state *s, size_t k);

/* The hash of a key of kw words. */
uint64_t frontier_hash(const uint64_t *key, size_t kw);

/* Sets the open items of level k to their states in key (a key of level k); the others must be free. */
void frontier_load(const struct frontier_plan *pl, struct frontier_state *s, size_t k, const uint64_t *key);
/* Frees the open items of level k again. */
void frontier_unload(const struct frontier_plan *pl, struct frontier_state *s, size_t k);

/* Whether every primary item that option k closes has reached its lower bound. */
bool frontier_closes_ok(const struct frontier_plan *pl, const struct frontier_state *s, size_t k);

/* Whether option k fits: each primary item below its upper bound, each secondary item free or of its color. */
bool frontier_fits(const struct frontier_plan *pl, const struct frontier_state *s, size_t k);

/* Takes option k, which fits: its changes on the trail, counted in *updates.  false when memory is short. */
bool frontier_take(const struct frontier_plan *pl, struct frontier_state *s, size_t k, uint64_t *updates);

/* Undoes the changes past trail entry `to`. */
void frontier_undo(struct frontier_state *s, size_t to);

/*
 * The distinct states of one level of a breadth-first walk, found by their
 * keys: open addressing over state numbers, which stay in the order the
 * states were first met (the walk's order, the same every run).
 */
struct frontier_level {
	size_t level;           /* the search's level k of these states */
	size_t n, cap, kw;      /* states, room, words a key */
	uint64_t *keys;         /* kw words each */
	uint64_t *slot;         /* hash's high 32 bits, state number + 1 below; 0 empty; while the level is made */
	size_t slots, slot_room; /* slots in use (a power of 2), and allocated */
};

/* The bytes of a level with room for cap states: keys and dedup slots (2 to 4 a state). */
size_t frontier_level_bytes(size_t kw, size_t cap);

/*
 * Empties l for a level of at most cap states, reusing its arrays (walks
 * take turns in two levels: allocating each afresh faults its pages in
 * again, which took half the time of a walk on 8x8).  false when memory
 * is short or cap reaches 2^32-1 (l keeps what it had, still to be
 * freed).  O(cap).
 */
bool frontier_level_reserve(struct frontier_level *l, size_t kw, size_t cap);

/*
 * The number of state key (hash h, frontier_hash() of the key) in l,
 * added when new, l's room doubled when full; *again: met before.
 * SIZE_MAX when memory is short for the room (l as before).
 */
size_t frontier_level_add(struct frontier_level *l, uint64_t h, const uint64_t *key, bool *again);

void frontier_level_free(struct frontier_level *l);


/*
 * The diagram of all solutions of p, which has bounds (dlx-zdd-bounds.c):
 * its n nodes in *opt, *lo, *hi (n + 2 entries each, ids 0 and 1 the
 * terminals, children before parents; malloc'd, the caller frees them)
 * and its root, made from the frontier search's levels within budget
 * bytes.  params: node_limit, on_poll (states expanded).  DLX_OK (a stop
 * in st->stop, then no nodes), DLX_ERR_NOMEM (also past the budget or
 * 2^32-4 nodes), DLX_ERR_TOO_BIG, DLX_ERR_OVERFLOW.
 */
int dlx__zdd_bounds(dlx_problem *p, const dlx_search_params *params, size_t budget, uint32_t **opt,
		    uint32_t **lo, uint32_t **hi, size_t *n, uint32_t *root, dlx_stats *st);

/*
 * Checks nodes 2..n+1 (options, children in range, hi never 0: checked)
 * as a diagram of p's solutions: DLX_OK, DLX_ERR_SYNTAX with *bad the
 * first wrong node's index (n: the root), DLX_ERR_NOMEM.
 */
int dlx__zdd_bounds_check(const dlx_problem *p, size_t n, const uint32_t *opt, const uint32_t *lo,
			  const uint32_t *hi, uint32_t root, size_t *bad);

/*
 * The same for a problem without bounds (dlx-zdd-check.c): the rules of
 * dlx_zdd_from_nodes(), in time O(the nodes' option sizes x log(items) +
 * the walks of the secondary items' colors) and memory linear in the
 * nodes and their options' sizes.
 */
int dlx__zdd_check(const dlx_problem *p, size_t n, const uint32_t *opt, const uint32_t *lo, const uint32_t *hi,
		   uint32_t root, size_t *bad);

#endif
