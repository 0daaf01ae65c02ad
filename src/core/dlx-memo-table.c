/*
 * The memoized count's numbers and table (see dlx-memo.h): counts past
 * 2^64 in GMP, and the open-addressing table of states with a window of
 * probes, a memory budget and replacement when a window is full.
 */
#include "dlx-memo.h"

#include <stdlib.h>
#include <string.h>

/* Slots probed from an entry's home: a lookup reads at most this many. */
#define WINDOW 8
/* The first table's slots; it doubles while half full, up to the budget. */
#define FIRST_SLOTS 4096
/* A count with this bit set is a pointer to a block of limbs. */
#define BIG_FLAG ((uint64_t)1 << 63)

/* A count too big for a slot: its limbs, as GMP keeps them. */
struct big_block {
	size_t n;
	mp_limb_t limb[];
};

/* Sets z to the 64-bit value v, whatever the size of a limb or of unsigned long. */
static void set_u64(mpz_t z, uint64_t v)
{
	mpz_import(z, 1, -1, sizeof v, 0, 0, &v);
}

void memo_sum_add_slow(struct memo_sum *s, const struct memo_val *v)
{
	if (!s->is_big) {
		if (!s->ready) {
			mpz_init(s->big);
			s->ready = true;
		}
		set_u64(s->big, s->lo);
		s->is_big = true;
	}
	if (v->big) {
		mpz_add(s->big, s->big, v->big);
	} else {
		mpz_t t;
		mpz_init(t);
		set_u64(t, v->lo);
		mpz_add(s->big, s->big, t);
		mpz_clear(t);
	}
}

bool memo_sum_at_least(const struct memo_sum *s, uint64_t n)
{
	if (!s->is_big)
		return s->lo >= n;
	return memo_sum_u64(s) >= n;
}

uint64_t memo_sum_u64(const struct memo_sum *s)
{
	if (!s->is_big)
		return s->lo;
	if (mpz_sizeinbase(s->big, 2) > 64)
		return UINT64_MAX;
	uint64_t r = 0;
	mpz_export(&r, NULL, -1, sizeof r, 0, 0, s->big);
	return r;
}

char *memo_sum_string(const struct memo_sum *s)
{
	if (s->is_big) {
		char *r = malloc(mpz_sizeinbase(s->big, 10) + 2);
		if (r)
			mpz_get_str(r, 10, s->big);
		return r;
	}
	char buf[24], *q = buf + sizeof buf;
	uint64_t v = s->lo;
	*--q = '\0';
	do
		*--q = (char)('0' + v % 10);
	while (v /= 10);
	size_t n = (size_t)(buf + sizeof buf - q);
	char *r = malloc(n);
	if (r)
		memcpy(r, q, n);
	return r;
}

static size_t slot_bytes(size_t kw)
{
	return (2 + kw) * sizeof(uint64_t);
}

static struct big_block *big_of(uint64_t v)
{
	return (struct big_block *)(uintptr_t)(v << 1);
}

static void drop_value(struct memo_table *t, uint64_t v)
{
	if (v & BIG_FLAG) {
		struct big_block *b = big_of(v);
		t->big_bytes -= sizeof *b + b->n * sizeof b->limb[0];
		free(b);
	}
}

static void note_peak(struct memo_table *t)
{
	size_t now = t->cap * slot_bytes(t->kw) + t->big_bytes;
	if (now > t->st.peak_bytes)
		t->st.peak_bytes = now;
}

/* Allocates the arrays of a table of cap slots into *t's, all empty; false when memory is short. */
static bool alloc_slots(struct memo_table *t, size_t cap)
{
	t->hash = calloc(cap, sizeof *t->hash);
	t->val = malloc(cap * sizeof *t->val);
	t->keys = malloc(cap * t->kw * sizeof *t->keys);
	if (!t->hash || !t->val || (!t->keys && t->kw)) {
		free(t->hash);
		free(t->val);
		free(t->keys);
		return false;
	}
	t->cap = cap;
	t->used = 0;
	return true;
}

int memo_table_init(struct memo_table *t, size_t kw, size_t budget)
{
	memset(t, 0, sizeof *t);
	t->kw = kw;
	t->budget = budget;
	/* Three quarters for slots, the rest for the blocks of big counts. */
	t->max_cap = budget / 4 * 3 / slot_bytes(kw);
	if (t->max_cap < WINDOW) {
		t->max_cap = 0;
		return DLX_OK;
	}
	if (!alloc_slots(t, t->max_cap < FIRST_SLOTS ? t->max_cap : FIRST_SLOTS))
		return DLX_ERR_NOMEM;
	note_peak(t);
	return DLX_OK;
}

void memo_table_free(struct memo_table *t)
{
	for (size_t s = 0; s < t->cap; s++)
		if (t->hash[s])
			drop_value(t, t->val[s]);
	free(t->hash);
	free(t->val);
	free(t->keys);
	t->hash = t->val = t->keys = NULL;
	t->cap = 0;
}

/* The first slot of h's window: the high bits of h times cap, so that cap need not be a power of two. */
static size_t home_of(const struct memo_table *t, uint64_t h)
{
	return (size_t)(((unsigned __int128)h * t->cap) >> 64);
}

bool memo_table_get(struct memo_table *t, uint64_t h, const uint64_t *key, struct memo_val *out)
{
	if (!t->cap)
		return false;
	t->st.lookups++;
	h |= 1;
	size_t s = home_of(t, h);
	for (int k = 0; k < WINDOW; k++) {
		uint64_t g = t->hash[s];
		if (!g)
			return false;
		if (g == h && !memcmp(t->keys + s * t->kw, key, t->kw * sizeof *key)) {
			uint64_t v = t->val[s];
			t->st.hits++;
			if (v & BIG_FLAG) {
				struct big_block *b = big_of(v);
				out->big = mpz_roinit_n(&out->view, b->limb, (mp_size_t)b->n);
				out->lo = 0;
			} else {
				out->lo = v;
				out->big = NULL;
			}
			return true;
		}
		if (++s == t->cap)
			s = 0;
	}
	return false;
}

/* Puts (h, key, v) in a free slot of its window, else over the window's victim; v is a slot's count. */
static void place(struct memo_table *t, uint64_t h, const uint64_t *key, uint64_t v)
{
	size_t s = home_of(t, h), victim = s + (size_t)(h >> 40) % WINDOW;
	if (victim >= t->cap)
		victim -= t->cap;
	for (int k = 0; k < WINDOW; k++) {
		if (!t->hash[s]) {
			victim = s;
			t->used++;
			break;
		}
		if (++s == t->cap)
			s = 0;
	}
	if (t->hash[victim]) {
		drop_value(t, t->val[victim]);
		t->st.dropped++;
	}
	t->hash[victim] = h;
	t->val[victim] = v;
	memcpy(t->keys + victim * t->kw, key, t->kw * sizeof *key);
}

/* Doubles the slots (up to the budget), moving the entries over; on failure the table stays as it is. */
static void grow(struct memo_table *t)
{
	size_t cap = t->cap * 2 < t->max_cap ? t->cap * 2 : t->max_cap;
	struct memo_table old = *t;
	if (!alloc_slots(t, cap)) {
		t->hash = old.hash, t->val = old.val, t->keys = old.keys;
		t->cap = old.cap, t->used = old.used;
		t->max_cap = old.cap; /* no second try at every put */
		return;
	}
	for (size_t s = 0; s < old.cap; s++)
		if (old.hash[s])
			place(t, old.hash[s], old.keys + s * t->kw, old.val[s]);
	free(old.hash);
	free(old.val);
	free(old.keys);
	note_peak(t);
}

void memo_table_put(struct memo_table *t, uint64_t h, const uint64_t *key, const struct memo_val *v)
{
	if (!t->cap)
		return;
	h |= 1;
	uint64_t stored;
	if (!v->big && v->lo < BIG_FLAG) {
		stored = v->lo;
	} else {
		/* 2^63 .. 2^64-1 need the flag's bit: they go to a block too. */
		mpz_t tmp;
		mpz_init(tmp);
		if (!v->big)
			set_u64(tmp, v->lo);
		mpz_srcptr z = v->big ? v->big : tmp;
		size_t n = mpz_size(z);
		const mp_limb_t *limbs = mpz_limbs_read(z);
		size_t bytes = sizeof(struct big_block) + n * sizeof(mp_limb_t);
		struct big_block *b = NULL;
		if (t->cap * slot_bytes(t->kw) + t->big_bytes + bytes <= t->budget)
			b = malloc(bytes);
		if (b) {
			b->n = n;
			memcpy(b->limb, limbs, n * sizeof(mp_limb_t));
		}
		mpz_clear(tmp);
		/* No room for the block: the count is not kept, and will be computed again. */
		if (!b)
			return;
		t->big_bytes += bytes;
		stored = (uint64_t)(uintptr_t)b >> 1 | BIG_FLAG;
	}
	if (t->used * 2 >= t->cap && t->cap < t->max_cap)
		grow(t);
	t->st.stored++;
	place(t, h, key, stored);
	note_peak(t);
}
