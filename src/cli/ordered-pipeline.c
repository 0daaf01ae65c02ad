/*
 * The ordered pipeline of ordered-pipeline.h.
 *
 * One mutex guards three counters that only grow: `published` items were
 * read, `claimed` were taken by workers, `written` were written.  Slot
 * seq % window belongs to the producer while seq >= published, to a worker
 * between its claim and done[], and to the writer until written passes it;
 * so slot contents are touched outside the lock by one thread at a time and
 * the mutex hand-offs order those accesses.  Threads sleep only when they
 * must, and are woken only when someone waits, so a run of short puzzles
 * costs a few uncontended lock operations per puzzle.
 *
 * Wake-ups come in batches: the producer, once the window is full, sleeps
 * until half of it is free, and a worker wakes the sleeping writer only
 * when WRITE_BATCH answers are ready to go (or when nothing else will
 * come soon).  Waking them for every puzzle cost 11% more CPU time on two
 * threads, 200,000 context switches for 100,000 puzzles.
 */
#define _POSIX_C_SOURCE 200809L
#include "ordered-pipeline.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>

/* Answers done before a worker wakes the writer (see above). */
#define WRITE_BATCH 16

struct batch {
	const struct batch_ops *ops;
	void **slots;
	size_t window;
	pthread_mutex_t mu;
	pthread_cond_t work;   /* workers: an item was published, or the input ended */
	pthread_cond_t space;  /* producer: a slot was freed; also "the run is over" */
	pthread_cond_t head;   /* writer: the oldest item is done, or the input ended */
	pthread_cond_t turn;   /* streaming workers: written moved on */
	uint64_t published, claimed, written;
	uint64_t n_done;       /* items done and not yet written */
	bool *done;
	bool input_ended;
	bool finished;         /* the writer is done: the producer may leave */
	atomic_bool stop;
	unsigned idle_workers, turn_waiters;
	bool producer_waiting, writer_waiting;
};

struct worker_arg {
	struct batch *b;
	unsigned index;
};

bool batch_stopping(const struct batch *b)
{
	return atomic_load_explicit(&b->stop, memory_order_relaxed);
}

static void *producer(void *arg)
{
	struct batch *b = arg;
	/*
	 * The signals come here: a read blocked on a terminal then fails with
	 * EINTR, which ends the input, instead of holding up the whole run.
	 */
	sigset_t set;
	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	pthread_sigmask(SIG_UNBLOCK, &set, NULL);

	pthread_mutex_lock(&b->mu);
	for (;;) {
		if (b->published - b->written >= b->window) {
			while (!batch_stopping(b) && b->published - b->written > b->window / 2) {
				b->producer_waiting = true;
				pthread_cond_wait(&b->space, &b->mu);
				b->producer_waiting = false;
			}
		}
		if (batch_stopping(b))
			break;
		uint64_t seq = b->published;
		pthread_mutex_unlock(&b->mu);
		int r = b->ops->read(b->ops->ctx, b->slots[seq % b->window]);
		pthread_mutex_lock(&b->mu);
		if (r <= 0) {
			b->input_ended = true;
			pthread_cond_broadcast(&b->work);
			pthread_cond_signal(&b->head);
			break;
		}
		b->done[seq % b->window] = false;
		b->published++;
		if (b->idle_workers)
			pthread_cond_signal(&b->work);
	}
	/* Stay until the end: with the signals blocked elsewhere, a Ctrl-C needs a thread to land on. */
	while (!b->finished)
		pthread_cond_wait(&b->space, &b->mu);
	pthread_mutex_unlock(&b->mu);
	return NULL;
}

static void *worker(void *arg)
{
	struct worker_arg *wa = arg;
	struct batch *b = wa->b;
	pthread_mutex_lock(&b->mu);
	for (;;) {
		while (!batch_stopping(b) && b->claimed == b->published && !b->input_ended) {
			b->idle_workers++;
			pthread_cond_wait(&b->work, &b->mu);
			b->idle_workers--;
		}
		if (batch_stopping(b) || b->claimed == b->published)
			break;
		uint64_t seq = b->claimed++;
		pthread_mutex_unlock(&b->mu);
		b->ops->process(b->ops->ctx, b, wa->index, b->slots[seq % b->window], seq);
		pthread_mutex_lock(&b->mu);
		b->done[seq % b->window] = true;
		b->n_done++;
		/*
		 * Wake the writer for a batch, or when no unclaimed work is left
		 * (the end of the input, or a window the producer cannot refill
		 * before the writer frees it).
		 */
		if (b->writer_waiting && b->done[b->written % b->window] &&
		    (b->n_done >= WRITE_BATCH || b->claimed == b->published))
			pthread_cond_signal(&b->head);
	}
	pthread_mutex_unlock(&b->mu);
	return NULL;
}

bool batch_wait_turn(struct batch *b, uint64_t seq)
{
	pthread_mutex_lock(&b->mu);
	/* The items before this one may be done, waiting for a batch that this wait would hold up. */
	if (b->writer_waiting)
		pthread_cond_signal(&b->head);
	while (!batch_stopping(b) && b->written != seq) {
		b->turn_waiters++;
		pthread_cond_wait(&b->turn, &b->mu);
		b->turn_waiters--;
	}
	bool ok = !batch_stopping(b);
	pthread_mutex_unlock(&b->mu);
	return ok;
}

static void deadline_after(struct timespec *ts, double secs)
{
	clock_gettime(CLOCK_MONOTONIC, ts);
	long ns = ts->tv_nsec + (long)(secs * 1e9);
	ts->tv_sec += ns / 1000000000L;
	ts->tv_nsec = ns % 1000000000L;
}

/* The writer's loop, in the calling thread; returns the first non-zero write(). */
static int write_in_order(struct batch *b)
{
	const struct batch_ops *ops = b->ops;
	int result = 0;
	pthread_mutex_lock(&b->mu);
	for (;;) {
		bool ready = false;
		for (;;) {
			if (b->written < b->published && b->done[b->written % b->window]) {
				ready = true;
				break;
			}
			if (b->input_ended && b->written == b->published)
				break;
			b->writer_waiting = true;
			if (ops->idle && ops->idle_interval > 0) {
				struct timespec ts;
				deadline_after(&ts, ops->idle_interval);
				int rc = pthread_cond_timedwait(&b->head, &b->mu, &ts);
				b->writer_waiting = false;
				if (rc == ETIMEDOUT) {
					pthread_mutex_unlock(&b->mu);
					ops->idle(ops->ctx);
					pthread_mutex_lock(&b->mu);
				}
			} else {
				pthread_cond_wait(&b->head, &b->mu);
				b->writer_waiting = false;
			}
		}
		if (!ready)
			break;
		void *slot = b->slots[b->written % b->window];
		pthread_mutex_unlock(&b->mu);
		result = ops->write(ops->ctx, slot);
		pthread_mutex_lock(&b->mu);
		if (result)
			break;
		b->written++;
		b->n_done--;
		if (b->producer_waiting && b->published - b->written <= b->window / 2)
			pthread_cond_signal(&b->space);
		if (b->turn_waiters)
			pthread_cond_broadcast(&b->turn);
	}
	atomic_store(&b->stop, true);
	b->finished = true;
	pthread_cond_broadcast(&b->work);
	pthread_cond_broadcast(&b->space);
	pthread_cond_broadcast(&b->turn);
	pthread_mutex_unlock(&b->mu);
	return result;
}

int batch_run(const struct batch_ops *ops, unsigned threads, void **slots, size_t window)
{
	if (threads < 1 || window < 1)
		return -1;
	struct batch b = { 0 };
	b.ops = ops;
	b.slots = slots;
	b.window = window;
	atomic_init(&b.stop, false);
	b.done = calloc(window, sizeof *b.done);
	pthread_t *tid = calloc((size_t)threads + 1, sizeof *tid);
	struct worker_arg *wa = calloc(threads, sizeof *wa);
	pthread_condattr_t ca;
	bool ok = b.done && tid && wa && pthread_condattr_init(&ca) == 0;
	if (!ok) {
		free(b.done);
		free(tid);
		free(wa);
		return -1;
	}
	/* The writer's timed waits measure intervals: immune to clock changes. */
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_mutex_init(&b.mu, NULL);
	pthread_cond_init(&b.work, NULL);
	pthread_cond_init(&b.space, NULL);
	pthread_cond_init(&b.head, &ca);
	pthread_cond_init(&b.turn, NULL);
	pthread_condattr_destroy(&ca);

	sigset_t set, old;
	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	pthread_sigmask(SIG_BLOCK, &set, &old);
	/* Workers first: if none can start, nothing has been read and the caller can fall back. */
	unsigned started = 0;
	for (; started < threads; started++) {
		wa[started].b = &b;
		wa[started].index = started;
		if (pthread_create(&tid[started + 1], NULL, worker, &wa[started]) != 0)
			break;
	}
	int result = -1;
	if (started > 0 && pthread_create(&tid[0], NULL, producer, &b) == 0) {
		/* Fewer workers than asked still finish the run. */
		result = write_in_order(&b);
		pthread_join(tid[0], NULL);
	} else {
		pthread_mutex_lock(&b.mu);
		atomic_store(&b.stop, true);
		b.finished = true;
		pthread_cond_broadcast(&b.work);
		pthread_mutex_unlock(&b.mu);
	}
	for (unsigned t = 0; t < started; t++)
		pthread_join(tid[t + 1], NULL);
	pthread_sigmask(SIG_SETMASK, &old, NULL);

	pthread_mutex_destroy(&b.mu);
	pthread_cond_destroy(&b.work);
	pthread_cond_destroy(&b.space);
	pthread_cond_destroy(&b.head);
	pthread_cond_destroy(&b.turn);
	free(b.done);
	free(tid);
	free(wa);
	return result;
}
