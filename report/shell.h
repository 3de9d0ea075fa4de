/*
 * The serial console (shell.c): a prompt on the board's console after
 * the report, run by a privileged task of the image's (app/boot.c).
 */
#ifndef SHELL_H
#define SHELL_H

#include <stdint.h>
#include "mac.h"

/* What `make console` has QEMU's loader write into shell_mode. */
#define SHELL_MODE_STAY 0x53544159u	/* "STAY" */
extern uint32_t shell_mode;

/* Whether to stay at the prompt after the report: on a board always,
 * under QEMU only when asked (make console; make run ends by itself). */
int shell_wanted(void);

/* The prompt, for ever.  security_type: the column setenforce is
 * checked against (the policy's security_t), MAC_NO_LABEL when the
 * image's policy has no security class: `enforce` is then refused. */
void shell_run(mac_col_t security_type) __attribute__((noreturn));

#endif
