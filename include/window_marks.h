/*
 * Marked windows: how a program that cannot reach the timing model's
 * counter block (the Linux peer's init, a test guest) tells the model
 * what to time (sim/plugin.c, marks= argument).
 *
 * A mark is one instruction that changes nothing: a move of a register
 * to itself, which no compiler emits.  Hand-written code may: Linux
 * 6.1's ARM kernel has one `mov r12, r12` in its own text.  So the model
 * honours a mark only at an address inside the marks= range (the user
 * space of the program that marks), and the kernel's opens or closes
 * nothing (make peer-test holds the plugin's window count to the
 * init's, none unmatched).
 *
 * A window is everything executed from its start mark (included) to its
 * stop mark (not included): the plugin writes one record per window, in
 * order, numbered from 0 by its start mark.  A start inside an open
 * window, or a stop outside one, is counted as unmatched and opens or
 * closes nothing.  The model times from the first start mark to the
 * end, so that what runs between windows (the clock's reading, the
 * kernel's own work) leaves the caches as it would on the chip.
 *
 * Each mark costs one instruction; the words are little-endian, as the
 * CPUs run here.
 */
#ifndef WINDOW_MARKS_H
#define WINDOW_MARKS_H

/* SH-4: mov r13,r13 opens, mov r14,r14 closes (0110nnnnmmmm0011) */
#define WINDOW_MARK_SH4_START 0x6DD3u
#define WINDOW_MARK_SH4_STOP 0x6EE3u
#define WINDOW_MARK_SH4_BYTES 2
#define WINDOW_MARK_SH4_START_INSN mov r13, r13
#define WINDOW_MARK_SH4_STOP_INSN mov r14, r14

/* ARM: mov r11,r11 opens, mov r12,r12 closes (cond AL, MOV, no S) */
#define WINDOW_MARK_ARM_START 0xE1A0B00Bu
#define WINDOW_MARK_ARM_STOP 0xE1A0C00Cu
#define WINDOW_MARK_ARM_BYTES 4
#define WINDOW_MARK_ARM_START_INSN mov r11, r11
#define WINDOW_MARK_ARM_STOP_INSN mov r12, r12

/* The instructions as C strings, for inline asm; the _INSN forms are
 * for assembler sources. */
#define WINDOW_MARK_STR_(...) #__VA_ARGS__
#define WINDOW_MARK_STR(insn) WINDOW_MARK_STR_(insn)
#define WINDOW_MARK_SH4_START_ASM WINDOW_MARK_STR(WINDOW_MARK_SH4_START_INSN)
#define WINDOW_MARK_SH4_STOP_ASM WINDOW_MARK_STR(WINDOW_MARK_SH4_STOP_INSN)
#define WINDOW_MARK_ARM_START_ASM WINDOW_MARK_STR(WINDOW_MARK_ARM_START_INSN)
#define WINDOW_MARK_ARM_STOP_ASM WINDOW_MARK_STR(WINDOW_MARK_ARM_STOP_INSN)

/* One mark's instructions: what a batch's count carries for the two. */
#define WINDOW_MARK_INSNS 1

#endif
