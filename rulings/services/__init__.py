"""Every write and every computation of the rulings app (HackSoft style: keyword-only, typed functions)."""
