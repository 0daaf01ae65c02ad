/*
 * What the memoized count (dlx-memo.c) keeps: counts of any size and the
 * table of sub-problems (dlx-memo-table.c).  Not installed.
 *
 * A count is 64 bits until an addition would wrap, then a GMP number.
 * The table maps a state of the items (a key of `kw` words, see
 * dlx-memo.c) to its count, by open addressing with a window of probes:
 * an entry lives in the few slots after its hash's home, so a lookup
 * stops at an empty slot or at the window's end, and an insert into a
 * full window replaces one of its entries (dropped: it is recomputed when
 * needed).  Keys are stored whole and compared on every hit.  Counts that
 * do not fit in 63 bits live in blocks of limbs of their own, which the
 * slot points to.
 */
#ifndef DLX_MEMO_H
#define DLX_MEMO_H

#include <gmp.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "dlx.h"

/* A count being summed. */
struct memo_sum {
	uint64_t lo;            /* the count while big is not in use */
	bool is_big;            /* the count is big's */
	bool ready;             /* big was initialised (kept for reuse) */
	mpz_t big;
};

/* A count handed from a node to its parent: lo, or *big when big is not NULL (valid until the next table call). */
struct memo_val {
	uint64_t lo;
	mpz_srcptr big;
	__mpz_struct view;      /* a table entry's limbs seen as a number */
};

static inline void memo_sum_init(struct memo_sum *s)
{
	s->lo = 0;
	s->is_big = false;
	s->ready = false;
}

static inline void memo_sum_clear(struct memo_sum *s)
{
	if (s->ready)
		mpz_clear(s->big);
	s->ready = false;
}

static inline void memo_sum_zero(struct memo_sum *s)
{
	s->lo = 0;
	s->is_big = false;
}

/* The 64-bit path inline; the rest (the switch to GMP, GMP's additions) in dlx-memo-table.c. */
void memo_sum_add_slow(struct memo_sum *s, const struct memo_val *v);

static inline void memo_sum_add(struct memo_sum *s, const struct memo_val *v)
{
	if (!s->is_big && !v->big && s->lo <= UINT64_MAX - v->lo)
		s->lo += v->lo;
	else
		memo_sum_add_slow(s, v);
}

static inline void memo_sum_add1(struct memo_sum *s)
{
	struct memo_val one = { 1, NULL, { 0, 0, NULL } };
	memo_sum_add(s, &one);
}

/* The sum as a value (pointing into s). */
static inline struct memo_val memo_sum_val(const struct memo_sum *s)
{
	struct memo_val v = { s->lo, s->is_big ? s->big : NULL, { 0, 0, NULL } };
	return v;
}

/* Whether s >= n. */
bool memo_sum_at_least(const struct memo_sum *s, uint64_t n);

/* s as a uint64_t, UINT64_MAX when larger. */
uint64_t memo_sum_u64(const struct memo_sum *s);

/* s in decimal, malloc'd; NULL when memory is short. */
char *memo_sum_string(const struct memo_sum *s);

struct memo_table {
	size_t kw;              /* words of a key */
	size_t cap, max_cap;    /* slots, and the most the budget allows */
	size_t used;
	uint64_t *hash;         /* 0: empty */
	uint64_t *val;          /* the count, or (top bit set) a pointer to a block of limbs, shifted right by 1 */
	uint64_t *keys;         /* kw words per slot */
	size_t budget, big_bytes;
	dlx_memo_stats st;
};

/*
 * An empty table for keys of kw words, within budget bytes (its blocks of
 * big counts included).  A budget too small for a window of slots makes a
 * table that stores nothing.  DLX_OK or DLX_ERR_NOMEM (then nothing to free).
 */
int memo_table_init(struct memo_table *t, size_t kw, size_t budget);
void memo_table_free(struct memo_table *t);

/* Looks the state (h, key) up: true with its count in *out. */
bool memo_table_get(struct memo_table *t, uint64_t h, const uint64_t *key, struct memo_val *out);

/* Stores the state's count, replacing an entry if its window is full; storing nothing is allowed (no room). */
void memo_table_put(struct memo_table *t, uint64_t h, const uint64_t *key, const struct memo_val *v);

#endif
