/* The workers' shared machinery of searches in threads that can be saved (dlx-crew.h). */
#define _POSIX_C_SOURCE 200809L
#include "dlx-crew.h"

#include <time.h>

void dlx__crew_init(struct dlx__crew *c, const dlx_search_params *params)
{
	c->params = params;
	pthread_mutex_init(&c->mu, NULL);
	pthread_mutex_init(&c->sol, NULL);
	/* The calling thread's timed waits measure monotonic time, which a clock change does not move. */
	pthread_condattr_t ca;
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&c->done, &ca);
	pthread_condattr_destroy(&ca);
	pthread_cond_init(&c->parked, NULL);
	pthread_cond_init(&c->go, NULL);
	c->running = c->busy = 0;
	c->rc = DLX_OK;
	c->park = false;
	atomic_init(&c->stop, DLX_STOP_COMPLETE);
	atomic_init(&c->nodes, 0);
	c->reported = 0;
	c->sol_stop = 0;
}

void dlx__crew_begin(struct dlx__crew *c, uint64_t nodes, uint64_t reported)
{
	const dlx_search_params *params = c->params;
	atomic_store(&c->nodes, nodes);
	c->reported = reported;
	/* Limits the checkpoint's figures reach: stopped where they would have, at once. */
	if (params->solution_limit && reported >= params->solution_limit) {
		c->sol_stop = DLX_STOP_LIMIT;
		atomic_store(&c->stop, DLX_STOP_LIMIT);
	} else if (params->node_limit && nodes >= params->node_limit) {
		atomic_store(&c->stop, DLX_STOP_NODE_LIMIT);
	}
}

void dlx__crew_destroy(struct dlx__crew *c)
{
	pthread_mutex_destroy(&c->mu);
	pthread_mutex_destroy(&c->sol);
	pthread_cond_destroy(&c->done);
	pthread_cond_destroy(&c->parked);
	pthread_cond_destroy(&c->go);
}

void dlx__crew_set_stop(struct dlx__crew *c, dlx_stop_reason why)
{
	int none = DLX_STOP_COMPLETE;
	atomic_compare_exchange_strong(&c->stop, &none, (int)why);
}

void dlx__crew_count(struct dlx__crew *c, uint64_t *polled, uint64_t nodes)
{
	uint64_t add = nodes - *polled;
	uint64_t total = atomic_fetch_add(&c->nodes, add) + add;
	*polled = nodes;
	if (c->params->node_limit && total >= c->params->node_limit)
		dlx__crew_set_stop(c, DLX_STOP_NODE_LIMIT);
}

void dlx__crew_park_here(struct dlx__crew *c)
{
	if (!c->park)
		return;
	c->busy--;
	pthread_cond_broadcast(&c->parked);
	while (c->park)
		pthread_cond_wait(&c->go, &c->mu);
	c->busy++;
}

void dlx__crew_wait_unparked(struct dlx__crew *c)
{
	while (c->park)
		pthread_cond_wait(&c->go, &c->mu);
}

void dlx__crew_end_search(struct dlx__crew *c, int rc)
{
	c->busy--;
	if (c->park)
		pthread_cond_broadcast(&c->parked);
	if (rc && !c->rc)
		c->rc = rc;
	pthread_mutex_unlock(&c->mu);
	if (rc)
		dlx__crew_set_stop(c, DLX_STOP_ERROR);
}

bool dlx__crew_start(struct dlx__crew *c, pthread_t *thread, void *(*fn)(void *), void *arg)
{
	pthread_mutex_lock(&c->mu);
	c->running++;
	pthread_mutex_unlock(&c->mu);
	if (pthread_create(thread, NULL, fn, arg) == 0)
		return true;
	pthread_mutex_lock(&c->mu);
	c->running--;
	pthread_mutex_unlock(&c->mu);
	return false;
}

void dlx__crew_leave(struct dlx__crew *c)
{
	pthread_mutex_lock(&c->mu);
	if (--c->running == 0)
		pthread_cond_signal(&c->done);
	pthread_mutex_unlock(&c->mu);
}

void dlx__crew_park_all(struct dlx__crew *c)
{
	pthread_mutex_lock(&c->mu);
	c->park = true;
	while (c->busy > 0)
		pthread_cond_wait(&c->parked, &c->mu);
}

void dlx__crew_unpark(struct dlx__crew *c)
{
	c->park = false;
	pthread_cond_broadcast(&c->go);
	pthread_mutex_unlock(&c->mu);
}

int dlx__crew_solution(void *crew, const size_t *options, size_t n)
{
	struct dlx__crew *c = crew;
	const dlx_search_params *pa = c->params;
	int stop = 1;
	pthread_mutex_lock(&c->sol);
	if (!c->sol_stop) {
		stop = 0;
		c->reported++;
		if (pa->on_solution && pa->on_solution(pa->solution_ctx, options, n))
			c->sol_stop = DLX_STOP_CALLBACK;
		else if (pa->solution_limit && c->reported >= pa->solution_limit)
			c->sol_stop = DLX_STOP_LIMIT;
		if (c->sol_stop) {
			dlx__crew_set_stop(c, (dlx_stop_reason)c->sol_stop);
			stop = 1;
		}
	}
	pthread_mutex_unlock(&c->sol);
	return stop;
}

dlx_stop_reason dlx__crew_reason(struct dlx__crew *c)
{
	return c->sol_stop ? (dlx_stop_reason)c->sol_stop : (dlx_stop_reason)atomic_load(&c->stop);
}

void dlx__wait_10ms(pthread_cond_t *cond, pthread_mutex_t *mu)
{
	struct timespec until;
	clock_gettime(CLOCK_MONOTONIC, &until);
	until.tv_nsec += 10 * 1000 * 1000;
	if (until.tv_nsec >= 1000000000) {
		until.tv_sec++;
		until.tv_nsec -= 1000000000;
	}
	pthread_cond_timedwait(cond, mu, &until);
}

void dlx__crew_wait(struct dlx__crew *c, dlx_stats (*so_far)(void *ctx), void *ctx)
{
	const dlx_search_params *params = c->params;
	pthread_mutex_lock(&c->mu);
	while (c->running > 0) {
		dlx__wait_10ms(&c->done, &c->mu);
		/* Once stopped, the workers are on their way out: a poll now would only see a search it cannot save. */
		if (c->running == 0 || !params->on_poll || atomic_load(&c->stop) != DLX_STOP_COMPLETE)
			continue;
		dlx_stats now = so_far(ctx);
		/* Unlocked: the callback may be slow, may save (which parks the workers), and they need the lock. */
		pthread_mutex_unlock(&c->mu);
		if (params->on_poll(params->poll_ctx, &now))
			dlx__crew_set_stop(c, DLX_STOP_POLL);
		pthread_mutex_lock(&c->mu);
	}
	pthread_mutex_unlock(&c->mu);
}

void dlx__count_add(uint64_t *a, uint64_t b, int *rc)
{
	if (*a > UINT64_MAX - b)
		*rc = DLX_ERR_OVERFLOW;
	else
		*a += b;
}

void dlx__stats_add(dlx_stats *a, const dlx_stats *b, int *rc)
{
	dlx__count_add(&a->solutions, b->solutions, rc);
	dlx__count_add(&a->nodes, b->nodes, rc);
	dlx__count_add(&a->updates, b->updates, rc);
	dlx__count_add(&a->branches, b->branches, rc);
	if (b->max_level > a->max_level)
		a->max_level = b->max_level;
}
