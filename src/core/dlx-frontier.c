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

/* An option's place in the search: the lowest place of its items, then its number. */
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

/* Sorts opt[0..m) by the lowest place (pos; NULL: the item's number) of their items, then number. */
static int sort_options(const dlx_problem *p, const size_t *pos, size_t *opt, size_t m)
{
	if (m < 2)
		return DLX_OK;
	struct order_key *ord = malloc(m * sizeof *ord);
	if (!ord)
		return DLX_ERR_NOMEM;
	for (size_t k = 0; k < m; k++) {
		size_t o = opt[k], sz = dlx_option_size(p, o), low = SIZE_MAX;
		for (size_t j = 0; j < sz; j++) {
			size_t i = dlx_option_item(p, o, j), at = pos ? pos[i] : i;
			low = at < low ? at : low;
		}
		ord[k] = (struct order_key){ low, o };
	}
	qsort(ord, m, sizeof *ord, order_cmp);
	for (size_t k = 0; k < m; k++)
		opt[k] = ord[k].opt;
	free(ord);
	return DLX_OK;
}

/*
 * How wide an order of the options keeps the frontier: the most items open
 * at one level, and their sum over the levels (the key's words and the
 * levels' total).  first and last: room for the items.  O(problem size).
 */
static void order_width(const dlx_problem *p, const size_t *opt, size_t m, size_t *first, size_t *last,
			size_t *widest, uint64_t *total)
{
	const size_t n = dlx_primary_count(p) + dlx_secondary_count(p), none = SIZE_MAX;
	for (size_t i = 0; i < n; i++)
		first[i] = last[i] = none;
	for (size_t k = 0; k < m; k++) {
		size_t o = opt[k], sz = dlx_option_size(p, o);
		for (size_t j = 0; j < sz; j++) {
			size_t i = dlx_option_item(p, o, j);
			if (first[i] == none)
				first[i] = k;
			last[i] = k;
		}
	}
	*total = 0;
	*widest = 0;
	for (size_t i = 0; i < n; i++)
		if (first[i] != none)
			*total += last[i] - first[i];
	/* The widest level: an item's span as +1 at first + 1 and -1 at last + 1, swept in order. */
	int64_t *d = calloc(m + 2, sizeof *d);
	if (!d) {
		*widest = *total; /* no room to sweep: a bound that never favors this order */
		return;
	}
	for (size_t i = 0; i < n; i++)
		if (first[i] != none && last[i] > first[i]) {
			d[first[i] + 1]++;
			d[last[i] + 1]--;
		}
	int64_t open = 0;
	for (size_t k = 0; k <= m; k++) {
		open += d[k];
		if ((size_t)open > *widest)
			*widest = (size_t)open;
	}
	free(d);
}

/*
 * The items in the order a breadth-first walk of the problem meets them
 * (items and options alternately, Cuthill and McKee's bandwidth order),
 * from an item at the far end of the walk from a least-used item (George
 * and Liu's pseudo-peripheral start, two walks).  Items in many more
 * options than most (a counter such as "the trominoes used") would put
 * every item one step away: they are not walked through and go last.
 * pos[i] receives item i's place.  DLX_OK or DLX_ERR_NOMEM.  O(problem
 * size) per walk.
 */
static int walk_order(const dlx_problem *p, size_t *pos)
{
	const size_t n = dlx_primary_count(p) + dlx_secondary_count(p), n_options = dlx_option_count(p);
	size_t *deg = calloc(n ? n : 1, sizeof *deg), *at = NULL, *list = NULL, *queue = NULL;
	unsigned char *seen_opt = NULL;
	int rc = DLX_ERR_NOMEM;
	if (!deg)
		goto out;
	for (size_t o = 0; o < n_options; o++)
		for (size_t j = 0, sz = dlx_option_size(p, o); j < sz; j++)
			deg[dlx_option_item(p, o, j)]++;
	/* Each item's options (a compressed list), and the hub cut-off: 8 times the mean use. */
	at = calloc(n + 1, sizeof *at);
	if (!at)
		goto out;
	uint64_t uses = 0;
	for (size_t i = 0; i < n; i++) {
		at[i + 1] = at[i] + deg[i];
		uses += deg[i];
	}
	const size_t hub = n ? (size_t)(8 * uses / n) + 2 : 0;
	list = malloc((uses ? uses : 1) * sizeof *list);
	queue = malloc((n ? n : 1) * sizeof *queue);
	seen_opt = malloc(n_options ? n_options : 1);
	if (!list || !queue || !seen_opt)
		goto out;
	{
		size_t *fill = deg; /* deg is rebuilt below as the fill pointers */
		for (size_t i = 0; i < n; i++)
			fill[i] = at[i];
		for (size_t o = 0; o < n_options; o++)
			for (size_t j = 0, sz = dlx_option_size(p, o); j < sz; j++) {
				size_t i = dlx_option_item(p, o, j);
				list[fill[i]++] = o;
			}
	}
	size_t start = SIZE_MAX;
	for (size_t i = 0; i < n; i++)
		if (at[i + 1] > at[i] && at[i + 1] - at[i] <= hub &&
		    (start == SIZE_MAX || at[i + 1] - at[i] < at[start + 1] - at[start]))
			start = i;
	const size_t none = SIZE_MAX;
	for (int walk = 0; walk < 3; walk++) {
		for (size_t i = 0; i < n; i++)
			pos[i] = none;
		memset(seen_opt, 0, n_options ? n_options : 1);
		size_t placed = 0;
		/* Every part of the problem in turn, each from its first unplaced item (the first: start). */
		for (size_t from = 0; from <= n; from++) {
			size_t root = from == 0 ? start : from - 1;
			if (root == SIZE_MAX || root >= n || pos[root] != none || at[root + 1] - at[root] > hub)
				continue;
			size_t head = placed, tail = placed;
			pos[root] = placed;
			queue[tail++] = root;
			placed++;
			while (head < tail) {
				size_t i = queue[head++];
				for (size_t e = at[i]; e < at[i + 1]; e++) {
					size_t o = list[e];
					if (seen_opt[o])
						continue;
					seen_opt[o] = 1;
					for (size_t j = 0, sz = dlx_option_size(p, o); j < sz; j++) {
						size_t t = dlx_option_item(p, o, j);
						if (pos[t] != none || at[t + 1] - at[t] > hub)
							continue;
						pos[t] = placed++;
						queue[tail++] = t;
					}
				}
			}
			/* The first two walks only look for the far end of the start's part. */
			if (walk < 2) {
				start = queue[tail - 1];
				break;
			}
		}
		if (walk < 2)
			continue;
		for (size_t i = 0; i < n; i++)
			if (pos[i] == none)
				pos[i] = placed++;
	}
	rc = DLX_OK;
out:
	free(deg);
	free(at);
	free(list);
	free(queue);
	free(seen_opt);
	return rc;
}

int frontier_order(const dlx_problem *p, size_t *opt, size_t *m)
{
	const size_t np = dlx_primary_count(p), n_options = dlx_option_count(p);
	const size_t n = np + dlx_secondary_count(p);
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
	 * Unless the items in the order a walk of the problem meets them keep
	 * it narrower (a board listed along its long side: 3x30 row by row
	 * keeps 30 cells open, the walk 3 or 4): measured on both, never
	 * guessed, and the same for the same problem every time.
	 */
	int rc = sort_options(p, NULL, opt, *m);
	if (rc || *m < 2)
		return rc;
	size_t *first = malloc((n ? n : 1) * sizeof *first), *last = malloc((n ? n : 1) * sizeof *last);
	size_t *pos = malloc((n ? n : 1) * sizeof *pos), *other = malloc(*m * sizeof *other);
	rc = DLX_ERR_NOMEM;
	if (first && last && pos && other && walk_order(p, pos) == DLX_OK) {
		memcpy(other, opt, *m * sizeof *other);
		rc = sort_options(p, pos, other, *m);
		if (!rc) {
			size_t w1, w2;
			uint64_t t1, t2;
			order_width(p, opt, *m, first, last, &w1, &t1);
			order_width(p, other, *m, first, last, &w2, &t2);
			if (w2 < w1 || (w2 == w1 && t2 < t1))
				memcpy(opt, other, *m * sizeof *opt);
		}
	}
	free(first);
	free(last);
	free(pos);
	free(other);
	return rc;
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
	return frontier_hash(key, pl->kw);
}

uint64_t frontier_hash(const uint64_t *key, size_t kw)
{
	uint64_t h = 0x9e3779b97f4a7c15u;
	for (size_t w = 0; w < kw; w++) {
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
	/* A slot keeps a state's number in 32 bits. */
	if (cap >= UINT32_MAX)
		return false;
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

/* Inserts state j (hash h) into l's slots, which have room. */
static void level_slot_put(struct frontier_level *l, uint64_t h, size_t j)
{
	size_t at = (size_t)h & (l->slots - 1);
	while (l->slot[at])
		at = (at + 1) & (l->slots - 1);
	l->slot[at] = (h >> 32 << 32) | (uint64_t)(j + 1);
}

/* Doubles l's room and its slots, the states put back by their keys' hashes.  false when memory is short. */
static bool level_grow(struct frontier_level *l)
{
	size_t cap = 2 * l->cap, slots = 2 * l->slots;
	if (cap >= UINT32_MAX)
		return false;
	uint64_t *keys = realloc(l->keys, cap * l->kw * sizeof *keys);
	if (!keys)
		return false;
	l->keys = keys;
	uint64_t *slot = calloc(slots, sizeof *slot);
	if (!slot)
		return false;
	free(l->slot);
	l->slot = slot;
	l->slots = l->slot_room = slots;
	l->cap = cap;
	for (size_t j = 0; j < l->n; j++)
		level_slot_put(l, frontier_hash(l->keys + j * l->kw, l->kw), j);
	return true;
}

size_t frontier_level_add(struct frontier_level *l, uint64_t h, const uint64_t *key, bool *again)
{
	/*
	 * A slot holds the hash's high 32 bits above the state number + 1: a
	 * probe compares keys (a miss in memory, most of a level's time) only
	 * when they agree.
	 */
	const uint64_t tag = h >> 32 << 32;
	size_t at = (size_t)h & (l->slots - 1);
	for (;; at = (at + 1) & (l->slots - 1)) {
		uint64_t v = l->slot[at];
		if (!v)
			break;
		size_t j = (size_t)(v & UINT32_MAX) - 1;
		if ((v & ~(uint64_t)UINT32_MAX) == tag && !memcmp(l->keys + j * l->kw, key, l->kw * sizeof *key)) {
			*again = true;
			return j;
		}
	}
	*again = false;
	if (l->n == l->cap) {
		if (!level_grow(l))
			return SIZE_MAX;
		at = (size_t)h & (l->slots - 1);
		while (l->slot[at])
			at = (at + 1) & (l->slots - 1);
	}
	size_t j = l->n++;
	l->slot[at] = tag | (uint64_t)(j + 1);
	memcpy(l->keys + j * l->kw, key, l->kw * sizeof *key);
	return j;
}

void frontier_level_free(struct frontier_level *l)
{
	free(l->keys);
	free(l->slot);
	memset(l, 0, sizeof *l);
}
