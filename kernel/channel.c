/* Message channels: bounded FIFO queues of short messages.  A lookup
 * reads at most CHAN_MAX lengths and the names of that length. */
#include <string.h>
#include "kernel.h"
#include "object.h"

static struct channel chans[CHAN_MAX];
static int nchans;

int chan_create(const char *name, mac_col_t label)
{
	if (nchans == CHAN_MAX)
		return -E_NOSPC;
	memset(&chans[nchans], 0, sizeof(chans[0]));
	chans[nchans].name = name;
	chans[nchans].name_len = (uint8_t)strnlen(name, CHAN_NAME_MAX);
	chans[nchans].label = label;
	return nchans++;
}

int chan_find(const char *name, size_t len)
{
	for (int i = 0; i < nchans; i++)
		if (chans[i].name_len == len && memcmp(chans[i].name, name, len) == 0)
			return i;
	return -E_NOENT;
}

struct channel *chan_get(int id) { return &chans[id]; }

/* A full queue is -E_AGAIN for every sender; a sender's domain at its
 * share of queued messages is -E_DQUOT, and the others still get in. */
int chan_put(struct channel *c, const uint8_t *msg, size_t len, mac_col_t from)
{
	if (c->count == CHAN_DEPTH)
		return -E_AGAIN;
	int err = quota_charge(from, MAC_LIMIT_MESSAGES);
	if (unlikely(err))
		return err;
	unsigned slot = (c->head + c->count) % CHAN_DEPTH;
	memcpy(c->msg[slot], msg, len);
	c->len[slot] = (uint8_t)len;
	c->from[slot] = from;
	c->count++;
	return (int)len;
}

int chan_take(struct channel *c, uint8_t *buf, size_t len)
{
	if (c->count == 0)
		return -E_AGAIN;
	size_t n = c->len[c->head] < len ? c->len[c->head] : len;
	memcpy(buf, c->msg[c->head], n);
	quota_release(c->from[c->head], MAC_LIMIT_MESSAGES);
	c->head = (uint8_t)((c->head + 1) % CHAN_DEPTH);
	c->count--;
	return (int)n;
}
