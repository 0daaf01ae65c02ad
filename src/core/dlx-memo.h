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

/* s += a * b (a count of sub-problems times the ways to reach them). */
void memo_sum_addmul(struct memo_sum *s, const struct memo_sum *a, const struct memo_sum *b);

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

/* Counts in checkpoints: u32 n, then n bytes of the magnitude, least significant first (none for 0). */
size_t memo_count_size(const struct memo_val *v);
/* Writes v at b (memo_count_size(v) bytes); returns their number. */
size_t memo_count_put(unsigned char *b, const struct memo_val *v);
/* Reads a count at b (n bytes there) into s; the bytes it took, 0 when malformed or longer than n. */
size_t memo_count_get(const unsigned char *b, size_t n, struct memo_sum *s);

/*
 * A table's image for a checkpoint: its budget, sizes, statistics and
 * every entry with its slot, so that the table read back is the same
 * table, slot for slot, and a resumed count meets the same hits:
 *
 *   u64 budget, cap (slots), max_cap, used, u64 lookups, hits, stored,
 *   dropped, peak_bytes, then `used` times: u64 slot, u64 hash, kw x u64
 *   key, the count (memo_count_put()), slots in increasing order.
 */
size_t memo_table_image_size(const struct memo_table *t);
/* Writes t's image at b (memo_table_image_size(t) bytes); returns their number. */
size_t memo_table_image(const struct memo_table *t, unsigned char *b);
/*
 * Reads an image at b (n bytes there) into t, for keys of kw words: DLX_OK
 * and the bytes it took in *took; DLX_ERR_SYNTAX with *why for an image no
 * table could have saved (nothing to free then); DLX_ERR_NOMEM.  Its
 * memory is bounded by the image's size: the slots are at most four times
 * the entries, or the first table's.  Without keep, the image is only
 * checked and t gets its statistics alone (no slots: nothing to free).
 */
int memo_table_from_image(struct memo_table *t, size_t kw, const unsigned char *b, size_t n, bool keep,
			  size_t *took, const char **why);

/*
 * The memoized count of a problem with bounds (dlx-memo-bounds.c): a
 * frontier-based search over the options (dlx-frontier.h), whole in the
 * calling thread, or part `part` of `parts` (1 of 1: the whole) cut into
 * jobs counted on `threads` threads; adds the count (so far, when
 * stopped) to *total and fills *st and *ms as dlx_memo_count() does.  p
 * untouched.  DLX_OK, DLX_ERR_NOMEM, DLX_ERR_TOO_BIG (the frontiers would
 * take over 2^31 entries), DLX_ERR_OVERFLOW.
 */
int dlx__memo_bounds(dlx_problem *p, const dlx_search_params *params, const dlx_memo_params *memo,
		     uint32_t parts, uint32_t part, unsigned threads, struct memo_sum *total, dlx_stats *st,
		     dlx_memo_stats *ms);

/*
 * One counting thread's state (dlx-memo.c), for the resumable count
 * (dlx-checkpoint-memo.c): opaque, made and freed here.
 */
struct memo_state;

/* A checkpoint's path into a job: each level's item (from 0) and option (by number) and its count so far. */
struct memo_path {
	uint32_t depth;
	const uint32_t *item, *option;
	const struct memo_val *sum;
	bool check_only;        /* go down and back up at once: whether the path is one the search takes */
};

/* A state for counting p's sub-problems with memo's rule and budget; DLX_OK or DLX_ERR_NOMEM. */
int memo_state_new(struct memo_state **out, dlx_problem *p, const dlx_memo_params *memo,
		   const dlx_search_params *params);
void memo_state_delete(struct memo_state *m);

/*
 * The memoized count of p's state (root_item 0), or of the run first..last
 * of root_item's options, which the caller covered (a job), from path when
 * not NULL; counters go on from m's.  DLX_OK (st->stop says why it
 * ended), DLX_ERR_OVERFLOW, or DLX_ERR_SYNTAX for a path the search does
 * not take (p then as before).
 */
int memo_state_run(struct memo_state *m, const dlx_search_params *params, dlx_stats *st, int32_t root_item,
		   int32_t first, int32_t last, const struct memo_path *path);

/* m's table (a caller may replace it by one read from an image, after freeing it). */
struct memo_table *memo_state_table(struct memo_state *m);
/* The solutions m counted, over all its runs. */
const struct memo_sum *memo_state_found(const struct memo_state *m);
/* m's counters (solutions below 2^64, nodes, updates, branches, max_level). */
void memo_state_counters(const struct memo_state *m, dlx_stats *st);
/* The level of the node m's last poll came at, and (l below it) each level's item, option and count so far. */
uint32_t memo_state_at_level(const struct memo_state *m);
void memo_state_level(const struct memo_state *m, uint32_t l, uint32_t *item, uint32_t *option,
		      struct memo_val *sum);

#endif
