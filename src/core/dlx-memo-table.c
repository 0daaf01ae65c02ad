/*
 * The memoized count's numbers and table (see dlx-memo.h): counts past
 * 2^64 in GMP, and the open-addressing table of states with a window of
 * probes, a memory budget and replacement when a window is full.
 */
#include "dlx-memo.h"

#include "dlx-checkpoint.h"

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

void memo_sum_addmul(struct memo_sum *s, const struct memo_sum *a, const struct memo_sum *b)
{
	uint64_t prod;
	if (!a->is_big && !b->is_big && !__builtin_mul_overflow(a->lo, b->lo, &prod)) {
		struct memo_val v = { prod, NULL, { 0, 0, NULL } };
		memo_sum_add(s, &v);
		return;
	}
	mpz_t x, y;
	mpz_init(x);
	mpz_init(y);
	if (a->is_big)
		mpz_set(x, a->big);
	else
		set_u64(x, a->lo);
	if (b->is_big)
		mpz_set(y, b->big);
	else
		set_u64(y, b->lo);
	mpz_mul(x, x, y);
	struct memo_val v = { 0, x, { 0, 0, NULL } };
	memo_sum_add(s, &v);
	mpz_clear(x);
	mpz_clear(y);
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

/* Checkpoints: counts and tables as bytes (see dlx-memo.h), little-endian whatever the machine. */

#define put64 dlx__ck_put64
#define get64 dlx__ck_get64

/* The bytes of x without high zero bytes. */
static size_t u64_bytes(uint64_t x)
{
	return x ? (size_t)(64 - __builtin_clzll(x) + 7) / 8 : 0;
}

/* The bytes of v's magnitude, without high zero bytes. */
static size_t count_bytes(const struct memo_val *v)
{
	if (v->big)
		return mpz_sgn(v->big) ? (mpz_sizeinbase(v->big, 2) + 7) / 8 : 0;
	return u64_bytes(v->lo);
}

size_t memo_count_size(const struct memo_val *v)
{
	return 4 + count_bytes(v);
}

size_t memo_count_put(unsigned char *b, const struct memo_val *v)
{
	size_t n = count_bytes(v);
	for (int k = 0; k < 4; k++)
		b[k] = (unsigned char)((uint32_t)n >> (8 * k));
	if (v->big) {
		if (n)
			mpz_export(b + 4, NULL, -1, 1, 0, 0, v->big);
	} else {
		for (size_t k = 0; k < n; k++)
			b[4 + k] = (unsigned char)(v->lo >> (8 * k));
	}
	return 4 + n;
}

size_t memo_count_get(const unsigned char *b, size_t n, struct memo_sum *s)
{
	if (n < 4)
		return 0;
	uint32_t m = (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
	/* The shortest form only: a high zero byte is no count a table wrote. */
	if (m > n - 4 || (m && b[4 + m - 1] == 0))
		return 0;
	memo_sum_zero(s);
	if (m <= 8) {
		for (uint32_t k = 0; k < m; k++)
			s->lo |= (uint64_t)b[4 + k] << (8 * k);
	} else {
		if (!s->ready) {
			mpz_init(s->big);
			s->ready = true;
		}
		mpz_import(s->big, m, -1, 1, 0, 0, b + 4);
		s->is_big = true;
	}
	return 4 + (size_t)m;
}

/* A slot's count as a value in *r (r->big, for a big count, is r->view over the table's limbs: r is not to be copied). */
static void slot_value(uint64_t v, struct memo_val *r)
{
	r->lo = v;
	r->big = NULL;
	if (v & BIG_FLAG) {
		struct big_block *b = big_of(v);
		r->lo = 0;
		r->big = mpz_roinit_n(&r->view, b->limb, (mp_size_t)b->n);
	}
}

#define TABLE_HEAD (9 * 8)

size_t memo_table_image_size(const struct memo_table *t)
{
	/* Every entry's fixed bytes at once; then its count's, from the slots' values alone. */
	size_t n = TABLE_HEAD + t->used * (16 + 8 * t->kw + 4);
	for (size_t s = 0; s < t->cap; s++) {
		uint64_t v = t->val[s];
		if (!t->hash[s])
			continue;
		if (v & BIG_FLAG) {
			struct memo_val big;
			slot_value(v, &big);
			n += count_bytes(&big);
		} else {
			n += u64_bytes(v);
		}
	}
	return n;
}

/* n words at b, little-endian: one copy on a little-endian machine. */
static unsigned char *put_words(unsigned char *b, const uint64_t *w, size_t n)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	memcpy(b, w, 8 * n);
#else
	for (size_t k = 0; k < n; k++)
		put64(b + 8 * k, w[k]);
#endif
	return b + 8 * n;
}

size_t memo_table_image(const struct memo_table *t, unsigned char *b)
{
	unsigned char *const start = b;
	put64(b, t->budget);
	put64(b + 8, t->cap);
	put64(b + 16, t->max_cap);
	put64(b + 24, t->used);
	put64(b + 32, t->st.lookups);
	put64(b + 40, t->st.hits);
	put64(b + 48, t->st.stored);
	put64(b + 56, t->st.dropped);
	put64(b + 64, t->st.peak_bytes);
	b += TABLE_HEAD;
	for (size_t s = 0; s < t->cap; s++) {
		if (!t->hash[s])
			continue;
		uint64_t head[2] = { s, t->hash[s] };
		b = put_words(b, head, 2);
		b = put_words(b, t->keys + s * t->kw, t->kw);
		uint64_t v = t->val[s];
		if (v & BIG_FLAG) {
			struct memo_val big;
			slot_value(v, &big);
			b += memo_count_put(b, &big);
		} else {
			/* memo_count_put() of a small count, without its value's detour */
			size_t m = u64_bytes(v);
			b[0] = (unsigned char)m;
			b[1] = b[2] = b[3] = 0;
			for (size_t k = 0; k < m; k++)
				b[4 + k] = (unsigned char)(v >> (8 * k));
			b += 4 + m;
		}
	}
	return (size_t)(b - start);
}

/* A count read back as a slot's value, its block (if big) allocated and counted in big_bytes; false when short of memory. */
static bool slot_of_count(struct memo_table *t, const struct memo_sum *c, uint64_t *out)
{
	if (!c->is_big && c->lo < BIG_FLAG) {
		*out = c->lo;
		return true;
	}
	mpz_t tmp;
	mpz_init(tmp);
	if (!c->is_big)
		set_u64(tmp, c->lo);
	mpz_srcptr z = c->is_big ? c->big : tmp;
	size_t n = mpz_size(z);
	size_t bytes = sizeof(struct big_block) + n * sizeof(mp_limb_t);
	struct big_block *b = malloc(bytes);
	if (b) {
		b->n = n;
		memcpy(b->limb, mpz_limbs_read(z), n * sizeof(mp_limb_t));
		t->big_bytes += bytes;
		*out = (uint64_t)(uintptr_t)b >> 1 | BIG_FLAG;
	}
	mpz_clear(tmp);
	return b != NULL;
}

int memo_table_from_image(struct memo_table *t, size_t kw, const unsigned char *b, size_t n, bool keep,
			  size_t *took, const char **why)
{
	*took = 0;
	*why = "corrupted checkpoint (a table no count could have saved)";
	if (n < TABLE_HEAD)
		return DLX_ERR_SYNTAX;
	uint64_t budget = get64(b), cap = get64(b + 8), max_cap = get64(b + 16), used = get64(b + 24);
	const size_t entry = 16 + 8 * kw + 4;
	/*
	 * The shapes a table takes: at most max_cap slots, the first table's
	 * or, once grown, at most four per entry (it doubles at half full),
	 * entries that the image holds.
	 */
	if (cap > max_cap || used > cap || (cap > FIRST_SLOTS && cap / 4 > used) || (cap && cap < WINDOW) ||
	    used > (n - TABLE_HEAD) / entry || max_cap > budget / slot_bytes(kw) + 1)
		return DLX_ERR_SYNTAX;
	memset(t, 0, sizeof *t);
	t->kw = kw;
	t->budget = (size_t)budget;
	t->max_cap = (size_t)max_cap;
	t->st.lookups = get64(b + 32);
	t->st.hits = get64(b + 40);
	t->st.stored = get64(b + 48);
	t->st.dropped = get64(b + 56);
	t->st.peak_bytes = (size_t)get64(b + 64);
	if (keep && cap && !alloc_slots(t, (size_t)cap))
		return DLX_ERR_NOMEM;
	size_t at = TABLE_HEAD;
	struct memo_sum c;
	memo_sum_init(&c);
	int rc = DLX_OK;
	uint64_t prev = 0;
	for (uint64_t e = 0; e < used && !rc; e++) {
		if (n - at < entry) {
			rc = DLX_ERR_SYNTAX;
			break;
		}
		uint64_t s = get64(b + at), h = get64(b + at + 8);
		/* Slots in increasing order, each once; a stored hash has its low bit set (0 is an empty slot). */
		if (s >= cap || (e && s <= prev) || !(h & 1)) {
			rc = DLX_ERR_SYNTAX;
			break;
		}
		prev = s;
		at += 16;
		for (size_t k = 0; keep && k < kw; k++)
			t->keys[s * kw + k] = get64(b + at + 8 * k);
		at += 8 * kw;
		size_t m = memo_count_get(b + at, n - at, &c);
		if (!m) {
			rc = DLX_ERR_SYNTAX;
			break;
		}
		at += m;
		if (!keep)
			continue;
		if (!slot_of_count(t, &c, &t->val[s])) {
			rc = DLX_ERR_NOMEM;
			break;
		}
		t->hash[s] = h;
		t->used++;
	}
	memo_sum_clear(&c);
	if (rc) {
		memo_table_free(t);
		return rc;
	}
	*took = at;
	return DLX_OK;
}
