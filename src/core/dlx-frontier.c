/*
 * The frontier search's plan and state (dlx-frontier.h): which options it
 * decides in which order, which items are open at each level, and the
 * moves on the items' states.  The problem's links are not touched, so
 * threads share one problem.
 */
#include "dlx-frontier.h"

#include <stdlib.h>
#include <string.h>

/* A secondary item covered by an option that gives it no color. */
#define SEC_PLAIN UINT32_MAX

/* An option's place in the search: its lowest-numbered item, then its number. */
struct order_key {
	size_t low, opt;
};

static int order_cmp(const void *a, const void *b)
{
	const struct order_key *x = a, *y = b;
	if (x->low != y->low)
		return x->low < y->low ? -1 : 1;
	return x->opt < y->opt ? -1 : x->opt > y->opt;
}

int frontier_order(const dlx_problem *p, size_t *opt, size_t *m)
{
	const size_t np = dlx_primary_count(p), n_options = dlx_option_count(p);
	*m = 0;
	for (size_t o = 0; o < n_options; o++) {
		size_t sz = dlx_option_size(p, o);
		for (size_t j = 0; j < sz; j++)
			if (dlx_option_item(p, o, j) < np) {
				opt[(*m)++] = o;
				break;
			}
	}
	/*
	 * By their lowest-numbered item, then in input order: on a board whose
	 * cells are items in reading order, each cell's options come together
	 * and the frontier is about a row wide, whatever order the options
	 * were listed in (a generator may list each kind of piece apart).
	 */
	if (*m < 2)
		return DLX_OK;
	struct order_key *ord = malloc(*m * sizeof *ord);
	if (!ord)
		return DLX_ERR_NOMEM;
	for (size_t k = 0; k < *m; k++) {
		size_t o = opt[k], sz = dlx_option_size(p, o), low = SIZE_MAX;
		for (size_t j = 0; j < sz; j++) {
			size_t i = dlx_option_item(p, o, j);
			low = i < low ? i : low;
		}
		ord[k] = (struct order_key){ low, o };
	}
	qsort(ord, *m, sizeof *ord, order_cmp);
	for (size_t k = 0; k < *m; k++)
		opt[k] = ord[k].opt;
	free(ord);
	return DLX_OK;
}

void frontier_plan_free(struct frontier_plan *pl)
{
	free(pl->opt);
	free(pl->open_start);
	free(pl->open_item);
	free(pl->close_start);
	free(pl->close_item);
	free(pl->lo);
	free(pl->hi);
	memset(pl, 0, sizeof *pl);
}

int frontier_plan_init(struct frontier_plan *pl, const dlx_problem *p)
{
	memset(pl, 0, sizeof *pl);
	pl->p = p;
	pl->np = dlx_primary_count(p);
	pl->n_items = pl->np + dlx_secondary_count(p);
	const size_t n = pl->n_items, n_options = dlx_option_count(p);
	size_t *first = malloc((n ? n : 1) * sizeof *first), *last = malloc((n ? n : 1) * sizeof *last);
	pl->opt = malloc((n_options ? n_options : 1) * sizeof *pl->opt);
	pl->lo = malloc((pl->np ? pl->np : 1) * sizeof *pl->lo);
	pl->hi = malloc((pl->np ? pl->np : 1) * sizeof *pl->hi);
	int rc = DLX_ERR_NOMEM;
	if (!first || !last || !pl->opt || !pl->lo || !pl->hi)
		goto out;
	for (size_t i = 0; i < pl->np; i++)
		dlx_item_bounds(p, i, &pl->lo[i], &pl->hi[i]);
	rc = frontier_order(p, pl->opt, &pl->m);
	if (rc)
		goto out;
	rc = DLX_ERR_NOMEM;
	const size_t none = SIZE_MAX;
	for (size_t i = 0; i < n; i++)
		first[i] = last[i] = none;
	for (size_t k = 0; k < pl->m; k++) {
		size_t o = pl->opt[k], sz = dlx_option_size(p, o);
		for (size_t j = 0; j < sz; j++) {
			size_t i = dlx_option_item(p, o, j);
			if (first[i] == none)
				first[i] = k;
			last[i] = k;
		}
	}
	for (size_t i = 0; i < pl->np; i++)
		if (first[i] == none && pl->lo[i] > 0)
			pl->zero = true;
	/* Item i is open at the levels first+1 .. last: a count of the entries, then the entries. */
	uint64_t total = 0;
	pl->open_start = calloc(pl->m + 2, sizeof *pl->open_start);
	pl->close_start = calloc(pl->m + 2, sizeof *pl->close_start);
	if (!pl->open_start || !pl->close_start)
		goto out;
	for (size_t i = 0; i < n; i++) {
		if (first[i] == none)
			continue;
		total += last[i] - first[i];
		for (size_t k = first[i] + 1; k <= last[i]; k++)
			pl->open_start[k + 1]++;
		pl->close_start[last[i] + 1]++;
	}
	if (total > ((uint64_t)1 << 31)) {
		rc = DLX_ERR_TOO_BIG;
		goto out;
	}
	size_t widest = 0;
	for (size_t k = 0; k <= pl->m; k++) {
		if (pl->open_start[k + 1] > widest)
			widest = pl->open_start[k + 1];
		pl->open_start[k + 1] += pl->open_start[k];
		pl->close_start[k + 1] += pl->close_start[k];
	}
	pl->open_item = malloc((total ? total : 1) * sizeof *pl->open_item);
	pl->close_item = malloc((n ? n : 1) * sizeof *pl->close_item);
	size_t *fill = malloc((pl->m + 2) * sizeof *fill);
	if (!pl->open_item || !pl->close_item || !fill) {
		free(fill);
		goto out;
	}
	/* Items in increasing order, so each level's list is sorted: the key's layout is the level's. */
	memcpy(fill, pl->open_start, (pl->m + 2) * sizeof *fill);
	for (size_t i = 0; i < n; i++)
		if (first[i] != none)
			for (size_t k = first[i] + 1; k <= last[i]; k++)
				pl->open_item[fill[k]++] = (uint32_t)i;
	memcpy(fill, pl->close_start, (pl->m + 2) * sizeof *fill);
	for (size_t i = 0; i < n; i++)
		if (first[i] != none)
			pl->close_item[fill[last[i]]++] = (uint32_t)i;
	free(fill);
	/* The key: the level, then a 32-bit state per open item. */
	pl->kw = 1 + (widest + 1) / 2;
	rc = DLX_OK;
out:
	free(first);
	free(last);
	if (rc)
		frontier_plan_free(pl);
	return rc;
}

int frontier_state_init(struct frontier_state *s, const struct frontier_plan *pl)
{
	memset(s, 0, sizeof *s);
	s->val = calloc(pl->n_items ? pl->n_items : 1, sizeof *s->val);
	s->key = calloc(pl->kw, sizeof *s->key);
	s->cap_trail = 64;
	s->trail = malloc(s->cap_trail * sizeof *s->trail);
	if (!s->val || !s->key || !s->trail) {
		frontier_state_free(s);
		return DLX_ERR_NOMEM;
	}
	return DLX_OK;
}

void frontier_state_free(struct frontier_state *s)
{
	free(s->val);
	free(s->key);
	free(s->trail);
	memset(s, 0, sizeof *s);
}

uint64_t frontier_key(const struct frontier_plan *pl, struct frontier_state *s, size_t k)
{
	uint64_t *key = s->key;
	memset(key, 0, pl->kw * sizeof *key);
	key[0] = k;
	size_t a = pl->open_start[k], b = pl->open_start[k + 1];
	for (size_t j = 0; a + j < b; j++)
		key[1 + j / 2] |= (uint64_t)s->val[pl->open_item[a + j]] << (32 * (j % 2));
	uint64_t h = 0x9e3779b97f4a7c15u;
	for (size_t w = 0; w < pl->kw; w++) {
		h ^= key[w];
		h *= 0xbf58476d1ce4e5b9u;
		h ^= h >> 31;
	}
	return h;
}

void frontier_load(const struct frontier_plan *pl, struct frontier_state *s, size_t k, const uint64_t *key)
{
	size_t a = pl->open_start[k], b = pl->open_start[k + 1];
	for (size_t j = 0; a + j < b; j++)
		s->val[pl->open_item[a + j]] = (uint32_t)(key[1 + j / 2] >> (32 * (j % 2)));
}

void frontier_unload(const struct frontier_plan *pl, struct frontier_state *s, size_t k)
{
	for (size_t j = pl->open_start[k]; j < pl->open_start[k + 1]; j++)
		s->val[pl->open_item[j]] = 0;
}

bool frontier_closes_ok(const struct frontier_plan *pl, const struct frontier_state *s, size_t k)
{
	for (size_t j = pl->close_start[k]; j < pl->close_start[k + 1]; j++) {
		uint32_t i = pl->close_item[j];
		if (i < pl->np && s->val[i] < pl->lo[i])
			return false;
	}
	return true;
}

bool frontier_fits(const struct frontier_plan *pl, const struct frontier_state *s, size_t k)
{
	const dlx_problem *p = pl->p;
	size_t o = pl->opt[k], sz = dlx_option_size(p, o);
	for (size_t j = 0; j < sz; j++) {
		size_t i = dlx_option_item(p, o, j);
		uint32_t c = dlx_option_color(p, o, j), v = s->val[i];
		if (i < pl->np ? v >= pl->hi[i] : v != 0 && (c == 0 || v != c))
			return false;
	}
	return true;
}

bool frontier_take(const struct frontier_plan *pl, struct frontier_state *s, size_t k, uint64_t *updates)
{
	const dlx_problem *p = pl->p;
	size_t o = pl->opt[k], sz = dlx_option_size(p, o);
	if (s->n_trail + sz > s->cap_trail) {
		size_t cap = 2 * (s->n_trail + sz);
		struct frontier_change *t = realloc(s->trail, cap * sizeof *t);
		if (!t)
			return false;
		s->trail = t;
		s->cap_trail = cap;
	}
	for (size_t j = 0; j < sz; j++) {
		size_t i = dlx_option_item(p, o, j);
		uint32_t c = dlx_option_color(p, o, j), v = s->val[i];
		uint32_t now = i < pl->np ? v + 1 : c ? c : SEC_PLAIN;
		if (now == v)
			continue;
		s->trail[s->n_trail++] = (struct frontier_change){ (uint32_t)i, v };
		s->val[i] = now;
		++*updates;
	}
	return true;
}

void frontier_undo(struct frontier_state *s, size_t to)
{
	while (s->n_trail > to) {
		const struct frontier_change *c = &s->trail[--s->n_trail];
		s->val[c->item] = c->was;
	}
}

size_t frontier_level_bytes(size_t kw, size_t cap)
{
	return cap * (kw * sizeof(uint64_t) + 4 * sizeof(size_t));
}

bool frontier_level_reserve(struct frontier_level *l, size_t kw, size_t cap)
{
	l->n = 0;
	l->kw = kw;
	cap = cap ? cap : 1;
	if (cap > l->cap) {
		uint64_t *keys = realloc(l->keys, cap * kw * sizeof *keys);
		if (!keys)
			return false;
		l->keys = keys;
		l->cap = cap;
	}
	size_t slots = 4;
	while (slots < 2 * cap)
		slots *= 2;
	if (slots > l->slot_room) {
		free(l->slot);
		l->slot = calloc(slots, sizeof *l->slot);
		l->slot_room = l->slot ? slots : 0;
		if (!l->slot)
			return false;
	} else {
		memset(l->slot, 0, slots * sizeof *l->slot);
	}
	l->slots = slots;
	return true;
}

size_t frontier_level_add(struct frontier_level *l, uint64_t h, const uint64_t *key, bool *again)
{
	size_t at = (size_t)h & (l->slots - 1);
	for (;; at = (at + 1) & (l->slots - 1)) {
		size_t j = l->slot[at];
		if (!j)
			break;
		if (!memcmp(l->keys + (j - 1) * l->kw, key, l->kw * sizeof *key)) {
			*again = true;
			return j - 1;
		}
	}
	size_t j = l->n++;
	l->slot[at] = j + 1;
	memcpy(l->keys + j * l->kw, key, l->kw * sizeof *key);
	*again = false;
	return j;
}

void frontier_level_free(struct frontier_level *l)
{
	free(l->keys);
	free(l->slot);
	memset(l, 0, sizeof *l);
}
