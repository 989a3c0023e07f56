"""REST API of the tournaments app (routers in tournaments/api_urls.py)."""
