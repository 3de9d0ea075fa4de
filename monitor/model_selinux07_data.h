/*
 * The policy as the 2007 kernel's security server held it, for the
 * selinux07 model (monitor/sel07/); mac-polc writes it into
 * mac_policy.c.  Values are the binary policy's: type, class, user and
 * role values from 1, permission bits as in the access vectors.
 */
#ifndef MODEL_SELINUX07_DATA_H
#define MODEL_SELINUX07_DATA_H

#include <stdint.h>

/* avtab key specifiers, as in the kernel's avtab.h */
#define SEL07_AVTAB_ALLOWED	0x0001
#define SEL07_AVTAB_AUDITDENY	0x0002
#define SEL07_AVTAB_AUDITALLOW	0x0004
#define SEL07_AVTAB_AV		(SEL07_AVTAB_ALLOWED | SEL07_AVTAB_AUDITDENY | SEL07_AVTAB_AUDITALLOW)
#define SEL07_AVTAB_ENABLED	0x8000	/* a conditional rule whose branch is on */

struct sel07_avtab_rule {
	uint16_t source_type, target_type, target_class, specified;
	uint32_t data;
};

/* An ebitmap: nodes of 64 bits, each with its first bit number. */
struct sel07_ebitmap_node {
	uint32_t startbit;
	uint32_t map_lo, map_hi;
};
struct sel07_ebitmap {
	uint16_t first, count;	/* nodes in sel07_ebitmap_nodes[] */
	uint32_t highbit;
};

/* constraint expressions, postfix, as in the kernel's constraint.h */
#define SEL07_CEXPR_NOT		1
#define SEL07_CEXPR_AND		2
#define SEL07_CEXPR_OR		3
#define SEL07_CEXPR_ATTR	4
#define SEL07_CEXPR_NAMES	5
#define SEL07_CEXPR_USER	1
#define SEL07_CEXPR_ROLE	2
#define SEL07_CEXPR_TYPE	4
#define SEL07_CEXPR_TARGET	8
#define SEL07_CEXPR_EQ		1
#define SEL07_CEXPR_NEQ		2

struct sel07_cexpr {
	uint8_t expr_type, attr, op;
	struct sel07_ebitmap names;
};
struct sel07_constraint {
	uint16_t tclass;		/* class value */
	uint32_t permissions;
	uint16_t first, count;		/* expressions in sel07_cexprs[] */
};

extern const uint32_t sel07_ntype_values;
extern const uint16_t sel07_col_type[];		/* column -> type value */
extern const uint16_t sel07_class_value[];	/* class index -> class value */
extern const uint16_t sel07_col_user[], sel07_col_role[];	/* column -> user, role value */
extern const struct sel07_avtab_rule sel07_rules[], sel07_cond_rules[];
extern const uint32_t sel07_nrules, sel07_ncond_rules;
extern const struct sel07_ebitmap_node sel07_ebitmap_nodes[];
extern const struct sel07_ebitmap sel07_type_attr_map[];	/* [type value - 1] */
extern const uint16_t sel07_type_bounds[];			/* [type value - 1], 0: none */
extern const struct sel07_cexpr sel07_cexprs[];
extern const struct sel07_constraint sel07_constraints[];
extern const uint32_t sel07_nconstraints;

#endif
