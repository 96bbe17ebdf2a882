"""Rule sets: plug-ins that the one engine consults (see ``base.RuleSet``)."""
