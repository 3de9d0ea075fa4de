/* Channel system calls: a message goes straight to a waiting receiver,
 * else into the channel's queue. */
#include <string.h>
#include "kernel.h"
#include "object.h"
#include "syscalls.h"
#include "mac_policy.h"

SYSCALL(sys_chan_open)
{
	char name[CHAN_NAME_MAX];
	intptr_t len = user_copy_string(name, a0, sizeof(name));

	if (unlikely(len < 0))
		return len;
	int id = chan_find(name, (size_t)len);
	if (unlikely(id < 0))
		return id;
	return handle_alloc(sched_current, H_CHAN, (uint16_t)id, O_READ | O_WRITE,
			    MAC_CLASS_CHANNEL, chan_get(id)->ccol);
}

static struct channel *chan_of_handle(uintptr_t hd, mac_vec_t perm, int *err)
{
	struct handle *h = handle_get(sched_current, hd, H_CHAN);

	*err = -E_BADF;
	if (unlikely(!h))
		return NULL;
	struct channel *c = chan_get(h->obj);
	*err = check_handle(h, perm);
	return *err ? NULL : c;
}

SYSCALL(sys_send)
{
	int err;
	struct channel *c = chan_of_handle(a0, MAC_PERM_CHANNEL__SEND, &err);

	if (unlikely(!c))
		return err;
	if (unlikely(a2 > K_MSG_MAX))
		return -E_INVAL;
	if (unlikely(!user_readable(a1, a2)))
		return -E_FAULT;
	struct task *rx = sched_waiter(WAIT_CHAN, (int)(c - chan_get(0)));
	if (!rx)
		return chan_put(c, (const uint8_t *)a1, a2, sched_current->domain);
	size_t n = a2 < rx->wait_len ? a2 : rx->wait_len;
	mm_task_write(&rx->mm, rx->wait_buf, (const void *)a1, (uint32_t)n);
	sched_wake(rx, (intptr_t)n);
	return (intptr_t)a2;
}

SYSCALL(sys_recv)
{
	int err;
	struct channel *c = chan_of_handle(a0, MAC_PERM_CHANNEL__RECV, &err);

	if (unlikely(!c))
		return err;
	if (unlikely(!user_writable(a1, a2, 1)))
		return -E_FAULT;
	int n = chan_take(c, (uint8_t *)a1, a2);
	if (n != -E_AGAIN || a3 == 0)
		return n;
	/* a sender writes at most K_MSG_MAX bytes of it */
	mm_await_write(a1, (uint32_t)(a2 < K_MSG_MAX ? a2 : K_MSG_MAX));
	sched_current->wait_obj = (int)(c - chan_get(0));
	sched_current->wait_buf = a1;
	sched_current->wait_len = a2;
	sched_block(WAIT_CHAN, (uint32_t)a3);
	return -E_AGAIN;
}
