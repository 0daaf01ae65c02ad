/*
 * The state of the items as a key and its Zobrist hash, kept by every
 * cover and uncover of a memoized search: the count of dlx-memo.c and the
 * diagram of dlx-zdd.c look sub-problems up by it.  Not installed.
 *
 * The key has a bit per primary item (set: covered), then a bit per
 * secondary item, or 32 bits with colors: 0 free, all ones covered, else
 * the color it is purified to.  The primary part's last word is padded
 * with ones, which the first-item rule reads as covered.
 */
#ifndef DLX_MEMO_KEY_H
#define DLX_MEMO_KEY_H

#include <stdlib.h>
#include <string.h>

#include "dlx-links.h"
#include "dlx-problem.h"

struct memo_key {
	dlx_problem *p;
	size_t pw, kw;          /* words of the key's primary part, of the whole key */
	uint64_t *key;          /* kw words and a spare one, which choose_first() may read */
	uint64_t *zob;          /* a random word per item */
	uint64_t hash;
};

static inline uint64_t splitmix64(uint64_t *s)
{
	uint64_t z = (*s += 0x9e3779b97f4a7c15u);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
	return z ^ (z >> 31);
}

/* The hash of secondary item j purified to color c. */
static inline uint64_t zob_color(const struct memo_key *m, int32_t j, int32_t c)
{
	uint64_t s = m->zob[j] ^ (uint64_t)(uint32_t)c;
	return splitmix64(&s);
}

/*
 * Item j covered, or uncovered again: both flip its part of the key and
 * of the hash.  With colors a secondary item's part is 32 bits, all ones
 * when covered.
 */
static ALWAYS_INLINE void key_flip(struct memo_key *m, int32_t j, const bool colors)
{
	int32_t np = m->p->np;
	m->hash ^= m->zob[j];
	if (j <= np) {
		m->key[(j - 1) >> 6] ^= (uint64_t)1 << ((j - 1) & 63);
		return;
	}
	size_t s = (size_t)(j - np - 1);
	if (!colors)
		m->key[m->pw + (s >> 6)] ^= (uint64_t)1 << (s & 63);
	else
		m->key[m->pw + (s >> 1)] ^= (uint64_t)0xffffffffu << (32 * (s & 1));
}

/* Secondary item j purified to color c, or back to free. */
static inline void key_color(struct memo_key *m, int32_t j, int32_t c)
{
	size_t s = (size_t)(j - m->p->np - 1);
	m->hash ^= zob_color(m, j, c);
	m->key[m->pw + (s >> 1)] ^= (uint64_t)(uint32_t)c << (32 * (s & 1));
}

/*
 * What choosing the option of node x did to its items other than x's, or
 * what undoing it does: the same flips (an item the option covers, one it
 * purifies; one purified already to the option's color stays as it is).
 */
static ALWAYS_INLINE void key_option(struct memo_key *m, int32_t x, const bool colors)
{
	const dlx_problem *p = m->p;
	const struct dlx_nodes nd = p->node;
	for (int32_t q = x + 1; q != x;) {
		int32_t j = nd.top[q];
		if (j <= 0) {
			q = nd.up[q];
			continue;
		}
		if (commits_cover(p, q, colors))
			key_flip(m, j, colors);
		else if (p->color[q] > 0)
			key_color(m, j, p->color[q]);
		q++;
	}
}

/* The key and hash of p's state now (forced options and a job's open item included). */
static __attribute__((noinline)) void key_build(struct memo_key *m)
{
	dlx_problem *p = m->p;
	bool colors = p->color != NULL;
	memset(m->key, 0, m->kw * sizeof *m->key);
	m->hash = 0;
	/* The primary part's last word is padded with ones: DLX_MEMO_FIRST's scan reads them as covered. */
	for (size_t b = (size_t)p->np; b < m->pw * 64; b++)
		m->key[b >> 6] |= (uint64_t)1 << (b & 63);
	for (int32_t j = 1; j <= (int32_t)p->n_items; j++) {
		if (!item_active(p, j))
			key_flip(m, j, colors);
		else if (colors && j > p->np && p->color[j] > 0)
			key_color(m, j, p->color[j]);
	}
}

/* DLX_MEMO_FIRST: the first uncovered primary item from `from` on (one exists: the padding reads as covered). */
static inline int32_t choose_first(const struct memo_key *m, int32_t from)
{
	size_t b = (size_t)from - 1, w = b >> 6;
	uint64_t word = ~m->key[w] & (~(uint64_t)0 << (b & 63));
	while (!word)
		word = ~m->key[++w];
	return (int32_t)(w * 64 + (size_t)__builtin_ctzll(word)) + 1;
}


/* Room for p's keys; DLX_OK or DLX_ERR_NOMEM (then nothing to free). */
static inline int memo_key_init(struct memo_key *m, dlx_problem *p)
{
	size_t ns = p->n_secondary;
	m->p = p;
	m->pw = (p->n_primary + 63) / 64;
	m->kw = m->pw + (p->color ? (ns + 1) / 2 : (ns + 63) / 64);
	m->hash = 0;
	m->key = calloc(m->kw + 1, sizeof *m->key);
	m->zob = malloc((p->n_items + 1) * sizeof *m->zob);
	if (!m->key || !m->zob) {
		free(m->key);
		free(m->zob);
		return DLX_ERR_NOMEM;
	}
	/* Fixed, so that runs are repeatable; tables compare whole keys, so no seed can make an answer wrong. */
	uint64_t seed = 0x243f6a8885a308d3u;
	for (size_t j = 0; j <= p->n_items; j++)
		m->zob[j] = splitmix64(&seed);
	return DLX_OK;
}

static inline void memo_key_free(struct memo_key *m)
{
	free(m->key);
	free(m->zob);
}

#endif
