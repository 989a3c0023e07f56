"""Every write of the decks app (HackSoft style: ``<entity>_<action>(*, …)``, keyword-only, typed)."""
