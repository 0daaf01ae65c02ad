/*
 * Items' bounds and options' costs: their storage in a problem, the
 * accessors of dlx.h.  The searches that use them are in dlx-search-m.c.
 */
#include "dlx.h"

#include <stdlib.h>
#include <string.h>

#include "dlx-mult.h"
#include "dlx-problem.h"

void dlx__mult_free(struct dlx_mult *m)
{
	if (!m)
		return;
	free(m->lo);
	free(m->hi);
	free(m->cost);
	free(m);
}

struct dlx_mult *dlx__mult_clone(const struct dlx_mult *m, size_t n_primary, bool *ok)
{
	*ok = true;
	if (!m)
		return NULL;
	struct dlx_mult *c = calloc(1, sizeof *c);
	if (!c) {
		*ok = false;
		return NULL;
	}
	*c = *m;
	c->lo = c->hi = NULL;
	c->cost = NULL;
	if (m->lo) {
		c->lo = malloc(n_primary * sizeof *c->lo);
		c->hi = malloc(n_primary * sizeof *c->hi);
		if (c->lo && c->hi) {
			memcpy(c->lo, m->lo, n_primary * sizeof *c->lo);
			memcpy(c->hi, m->hi, n_primary * sizeof *c->hi);
		} else {
			*ok = false;
		}
	}
	if (m->cost) {
		c->cost = malloc(m->cap_cost * sizeof *c->cost);
		if (c->cost)
			memcpy(c->cost, m->cost, m->n_cost * sizeof *c->cost);
		else
			*ok = false;
	}
	if (!*ok) {
		dlx__mult_free(c);
		return NULL;
	}
	return c;
}

static struct dlx_mult *mult_of(dlx_problem *p)
{
	if (!p->mult)
		p->mult = calloc(1, sizeof *p->mult);
	return p->mult;
}

int dlx_set_item_bounds(dlx_problem *p, size_t item, uint32_t lo, uint32_t hi)
{
	if (!p || item >= p->n_primary || hi == 0 || lo > hi || hi > DLX_BOUND_MAX)
		return DLX_ERR_INVALID;
	if (p->n_forced || p->iterating)
		return DLX_ERR_STATE;
	if (lo == 1 && hi == 1 && !dlx__bounded(p))
		return DLX_OK;
	struct dlx_mult *m = mult_of(p);
	if (!m)
		return DLX_ERR_NOMEM;
	if (!m->lo) {
		m->lo = malloc(p->n_primary * sizeof *m->lo);
		m->hi = malloc(p->n_primary * sizeof *m->hi);
		if (!m->lo || !m->hi) {
			free(m->lo);
			free(m->hi);
			m->lo = m->hi = NULL;
			return DLX_ERR_NOMEM;
		}
		for (size_t k = 0; k < p->n_primary; k++)
			m->lo[k] = m->hi[k] = 1;
	}
	bool was = m->lo[item] != 1 || m->hi[item] != 1, is = lo != 1 || hi != 1;
	m->n_bounded += (size_t)is - (size_t)was;
	m->lo[item] = lo;
	m->hi[item] = hi;
	return DLX_OK;
}

int dlx_item_bounds(const dlx_problem *p, size_t item, uint32_t *lo, uint32_t *hi)
{
	if (!p || item >= p->n_items)
		return DLX_ERR_INVALID;
	uint32_t l = 1, h = 1;
	if (item >= p->n_primary)
		l = 0;
	else if (p->mult && p->mult->lo)
		l = p->mult->lo[item], h = p->mult->hi[item];
	if (lo)
		*lo = l;
	if (hi)
		*hi = h;
	return DLX_OK;
}

bool dlx_has_bounds(const dlx_problem *p)
{
	return p && dlx__bounded(p);
}

int dlx_set_option_cost(dlx_problem *p, size_t opt, uint64_t cost)
{
	if (!p || opt >= p->n_options || cost > DLX_COST_MAX)
		return DLX_ERR_INVALID;
	if (p->iterating)
		return DLX_ERR_STATE;
	struct dlx_mult *m = p->mult;
	if (!cost && (!m || opt >= m->n_cost))
		return DLX_OK;
	if (!(m = mult_of(p)))
		return DLX_ERR_NOMEM;
	if (opt >= m->n_cost) {
		int rc = dlx__grow((void **)&m->cost, &m->cap_cost, opt + 1, sizeof *m->cost, DLX_MAX_NODES);
		if (rc)
			return rc;
		/* Options get their costs as they are read, one past the last: no call to memset for one word. */
		for (size_t o = m->n_cost; o <= opt; o++)
			m->cost[o] = 0;
		m->n_cost = opt + 1;
	}
	m->n_costly += (size_t)(cost != 0) - (size_t)(m->cost[opt] != 0);
	m->cost[opt] = cost;
	return DLX_OK;
}

uint64_t dlx_option_cost(const dlx_problem *p, size_t opt)
{
	if (!p || !p->mult || opt >= p->mult->n_cost)
		return 0;
	return p->mult->cost[opt];
}

bool dlx_has_costs(const dlx_problem *p)
{
	return p && p->mult && p->mult->n_costly;
}
